import { describe, expect, it } from 'vitest';
import { refsOf, seededFrom } from './seeded.ts';
import { buildView } from './views.ts';

const seeded = seededFrom([
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
  { id: 3, name: 'c' },
]);

describe('a session’s view of a collection', () => {
  it('is the seeded records themselves while nothing changed', () => {
    const view = buildView(seeded, 4, []);
    expect(view.records).toBe(seeded.records);
    expect(view.byId).toBe(seeded.byId);
    expect(seeded.nextId).toBe(4);
  });

  it('lays changes over the seeded records in place, drops deleted ones, and adds new ones in order', () => {
    const view = buildView(seeded, 9, [
      { recordId: '12', data: { id: 12, name: 'later' }, bytes: 24, position: 8 },
      { recordId: '2', data: null, bytes: 0, position: 5 },
      { recordId: '3', data: { id: 3, name: 'C' }, bytes: 18, position: 6 },
      { recordId: '10', data: { id: 10, name: 'first' }, bytes: 24, position: 7 },
    ]);
    expect(view.version).toBe(9);
    expect(view.records).toEqual([
      { id: 1, name: 'a' },
      { id: 3, name: 'C' },
      { id: 10, name: 'first' },
      { id: 12, name: 'later' },
    ]);
    expect(view.byId.has('2')).toBe(false);
    expect(view.byId.get('10')).toEqual({ id: 10, name: 'first' });
  });
});

describe('the references of a template', () => {
  it('finds each ref: at any depth, once', () => {
    expect(
      refsOf({
        userId: 'ref:users.id',
        nested: { again: 'ref:users.id', other: ['ref:orders.code'] },
        plain: 'string',
      }),
    ).toEqual([
      { collection: 'users', field: 'id' },
      { collection: 'orders', field: 'code' },
    ]);
  });
});

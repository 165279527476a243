import { describe, expect, it } from 'vitest';
import { keyed } from './keys.ts';

describe('keyed', () => {
  it('keys items by their natural key, numbering repeats', () => {
    const items = [{ name: 'Shoes' }, { name: 'Games' }, { name: 'Shoes' }, { name: 'Shoes' }];
    expect(keyed(items, (item) => item.name).map((k) => k.key)).toEqual([
      'Shoes',
      'Games',
      'Shoes~2',
      'Shoes~3',
    ]);
  });

  it('keeps the items in order', () => {
    const items = [{ id: 'a' }, { id: 'b' }];
    expect(keyed(items, (item) => item.id).map((k) => k.item)).toEqual(items);
  });
});

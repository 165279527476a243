import { describe, expect, it } from 'vitest';
import type { CollectionDefinition } from './definition.ts';
import { nestedLists, referenceTo, referrersOf } from './relations.ts';

const collection = (name: string, template: Record<string, unknown>): CollectionDefinition => ({
  id: name,
  name,
  path: `/${name}`,
  template: template as CollectionDefinition['template'],
  count: 1,
  unknownFields: 'refuse',
  cascade: false,
  seedVersion: 0,
  version: 0,
});

const users = collection('users', { id: 'number', name: 'string.name.fullname' });
const orders = collection('orders', { id: 'uuid', buyer: 'ref:users.id', total: 'number' });
const posts = collection('posts', { id: 'number', userId: 'number' });
const tags = collection('tags', { id: 'number', label: 'string' });

describe('referenceTo', () => {
  it('finds a ref: field first, else json-server’s {singular}Id, else none', () => {
    expect(referenceTo(orders, users)).toEqual({ field: 'buyer', targetField: 'id' });
    expect(referenceTo(posts, users)).toEqual({ field: 'userId', targetField: 'id' });
    expect(referenceTo(tags, users)).toBeUndefined();
    expect(referenceTo(users, orders)).toBeUndefined();
  });
});

describe('referrersOf and nestedLists', () => {
  it('lists the ref: fields that point at a collection, and a nested list per referrer', () => {
    expect(referrersOf([users, orders, posts], users)).toEqual([
      { collection: orders, field: 'buyer', targetField: 'id' },
    ]);
    expect(
      nestedLists([users, orders, posts, tags]).map(
        ({ parent, child, reference }) => `${parent.path}/{id}/${child.name} by ${reference.field}`,
      ),
    ).toEqual(['/users/{id}/orders by buyer', '/users/{id}/posts by userId']);
  });
});

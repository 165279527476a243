import { describe, expect, it } from 'vitest';
import { toProjectRoute } from '../api/get-project.ts';
import type { ProjectRoute } from '../types.ts';
import { collectionNameFrom, collectionSeedFromRoute, NEW_RECORD_TEMPLATE } from './collections.ts';

/** A route as the project's page reads it: the management API's, mapped as the page maps it. */
function route(path: string, template: string): ProjectRoute {
  return toProjectRoute({
    id: 'route-1',
    requestId: 'req0000000000001',
    method: 'GET',
    path,
    name: '',
    url: `http://localhost:3000/p/shop${path}`,
    responses: [
      { name: 'ok', status: 200, template, headers: [], delay: 0, default: true, when: null },
    ],
    responseMode: 'default',
    authToken: null,
    callCount: 0,
    importKey: null,
    rules: [],
    network: null,
    overrides: true,
    createdAt: '2026-03-14T09:30:00.000Z',
    updatedAt: '2026-03-14T09:30:00.000Z',
  });
}

describe('collectionSeedFromRoute', () => {
  it('takes the fixed segments before the first parameter as the path, the last as the name', () => {
    for (const [path, name, at] of [
      ['/users', 'users', '/users'],
      ['/users/{id}', 'users', '/users'],
      ['/api/v1/orders/{id:integer}/lines', 'orders', '/api/v1/orders'],
      ['/files/*', 'files', '/files'],
    ]) {
      const seed = collectionSeedFromRoute(route(path as string, '{"id": "uuid"}'));
      expect([seed.name, seed.path]).toEqual([name, at]);
    }
  });

  it('leaves name and path to the user when the route starts with a parameter', () => {
    const seed = collectionSeedFromRoute(route('/{tenant}/users', '{"id": "uuid"}'));
    expect([seed.name, seed.path]).toEqual(['', '']);
  });

  it('takes the record of a list without its __multiply, and says so', () => {
    const seed = collectionSeedFromRoute(
      route('/users', '[{"__multiply": "1-5", "id": "uuid", "age": "number"}]'),
    );
    expect(JSON.parse(seed.template)).toEqual({ id: 'uuid', age: 'number' });
    expect(seed.note).toBe('From GET /users: the template of one record of its default response.');
  });

  it('starts from the blank template when the response holds no object, and says why', () => {
    const seed = collectionSeedFromRoute(route('/health', '"ok"'));
    expect(seed.template).toBe(NEW_RECORD_TEMPLATE);
    expect(seed.note).toBe(
      'The default response of GET /health holds no object to make records of: write the template of one record.',
    );
  });
});

describe('collectionNameFrom', () => {
  it('keeps a segment that is a name, and makes one of any other', () => {
    expect(collectionNameFrom('line-items')).toBe('line-items');
    expect(collectionNameFrom('v1.users')).toBe('v1_users');
    expect(collectionNameFrom('2024')).toBe('_2024');
    expect(collectionNameFrom('x'.repeat(50))).toHaveLength(40);
  });
});

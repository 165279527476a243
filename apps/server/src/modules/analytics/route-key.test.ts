/** The names calls count under in the top routes. */
import { describe, expect, it } from 'vitest';
import { MAX_ROUTE_KEY_LENGTH, routeKeyOf } from './route-key.ts';

describe('the top routes’ names', () => {
  it('is the route that answered when there was one', () => {
    expect(routeKeyOf({ method: 'GET', path: '/users/42', route: 'GET /users/{id}' })).toBe(
      'GET /users/{id}',
    );
  });

  it.each([
    ['/nope/42', 'GET /nope/{id}'],
    ['/nope/0f8fad5b-d9cb-469f-a165-70867728950e/items', 'GET /nope/{id}/items'],
    ['/files/9f86d081884c7d65', 'GET /files/{id}'],
    ['/t/01HZX3K9QW8E2R5T7Y1U4I6O9P', 'GET /t/{id}'],
    ['/orders/latest', 'GET /orders/latest'],
    ['/', 'GET /'],
    ['/v2/users', 'GET /v2/users'],
  ])('names a call no route answered by its path with ids as {id}: %s', (path, key) => {
    expect(routeKeyOf({ method: 'GET', path, route: null })).toBe(key);
  });

  it('cuts a name at 200 characters', () => {
    const key = routeKeyOf({ method: 'GET', path: `/${'a'.repeat(500)}`, route: null });
    expect(key).toHaveLength(MAX_ROUTE_KEY_LENGTH);
  });
});

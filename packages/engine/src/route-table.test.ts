/**
 * The matcher's precedence, as users of real routers expect it, in one table: each call names
 * the route that must answer it (or 405 with its Allow, or 404). It holds every case of
 * postmanlabs/postman-app-support#12452 (numbered literals beside a list and a parameter).
 */
import type { RouteMethod } from '@mocksmith/core/projects';
import { describe, expect, it } from 'vitest';
import { compileRouteTable } from './route-table.ts';

const ROUTES: [RouteMethod, string][] = [
  ['GET', '/'],
  ['GET', '/users'],
  ['POST', '/users'],
  ['GET', '/users/me'],
  ['GET', '/users/{id}'],
  ['PUT', '/users/{id}'],
  ['PATCH', '/users/{id}'],
  ['DELETE', '/users/{id}'],
  ['GET', '/users/{id}/orders'],
  ['GET', '/users/{id}/orders/{orderId}'],
  ['GET', '/users/me/orders/latest'],
  ['GET', '/accounts'],
  ['GET', '/accounts/123456789010'],
  ['GET', '/accounts/123456789011'],
  ['GET', '/accounts/{accountId:integer}'],
  ['GET', '/files/*'],
  ['GET', '/files/readme'],
  ['GET', '/v1/items/{id:number}'],
  ['GET', '/flags/{on:boolean}'],
  ['GET', '/Case/Sensitive'],
  ['GET', '/a%20b'],
  ['GET', '/times/10:30'],
  ['POST', '/search'],
];

const table = compileRouteTable(
  ROUTES.map(([method, path]) => ({ method, path, value: `${method} ${path}` })),
);

/** [method, called path, expected route or `405 Allow` or `404`, expected params] */
const CASES: [string, string, string, Record<string, unknown>?][] = [
  ['GET', '/', 'GET /'],
  ['GET', '/users', 'GET /users'],
  ['GET', '/users/', 'GET /users'],
  ['GET', '//users', 'GET /users'],
  ['GET', '/users?page=2&limit=10', 'GET /users'],
  ['GET', '/users/?page=2', 'GET /users'],
  ['POST', '/users', 'POST /users'],
  ['GET', '/users/me', 'GET /users/me'],
  ['GET', '/users/me/', 'GET /users/me'],
  ['GET', '/users/42', 'GET /users/{id}', { id: '42' }],
  ['GET', '/users/mee', 'GET /users/{id}', { id: 'mee' }],
  ['GET', '/users/ME', 'GET /users/{id}', { id: 'ME' }],
  ['PUT', '/users/42', 'PUT /users/{id}', { id: '42' }],
  ['PATCH', '/users/42', 'PATCH /users/{id}', { id: '42' }],
  ['DELETE', '/users/42', 'DELETE /users/{id}', { id: '42' }],
  ['HEAD', '/users/42', 'GET /users/{id}', { id: '42' }],
  ['GET', '/users/a%20b', 'GET /users/{id}', { id: 'a b' }],
  ['GET', '/users/caf%C3%A9', 'GET /users/{id}', { id: 'café' }],
  ['GET', '/users/a%2Fb', 'GET /users/{id}', { id: 'a/b' }],
  ['GET', '/users/42/orders', 'GET /users/{id}/orders', { id: '42' }],
  ['GET', '/users/42/orders/7', 'GET /users/{id}/orders/{orderId}', { id: '42', orderId: '7' }],
  ['GET', '/users/me/orders', 'GET /users/{id}/orders', { id: 'me' }],
  ['GET', '/users/me/orders/latest', 'GET /users/me/orders/latest'],
  [
    'GET',
    '/users/me/orders/first',
    'GET /users/{id}/orders/{orderId}',
    { id: 'me', orderId: 'first' },
  ],
  ['GET', '/accounts', 'GET /accounts'],
  ['GET', '/accounts/123456789010', 'GET /accounts/123456789010'],
  ['GET', '/accounts/123456789011', 'GET /accounts/123456789011'],
  [
    'GET',
    '/accounts/123456789012',
    'GET /accounts/{accountId:integer}',
    { accountId: 123456789012 },
  ],
  ['GET', '/accounts/7', 'GET /accounts/{accountId:integer}', { accountId: 7 }],
  ['GET', '/accounts/abc', '404'],
  ['GET', '/files/readme', 'GET /files/readme'],
  ['GET', '/files/docs/a/b.txt', 'GET /files/*', { tail: 'docs/a/b.txt' }],
  // A tail takes one segment or more: the folder itself is not one of its files.
  ['GET', '/files/', '404'],
  ['GET', '/v1/items/3.5', 'GET /v1/items/{id:number}', { id: 3.5 }],
  ['GET', '/v1/items/-2', 'GET /v1/items/{id:number}', { id: -2 }],
  ['GET', '/v1/items/two', '404'],
  ['GET', '/flags/true', 'GET /flags/{on:boolean}', { on: true }],
  ['GET', '/flags/maybe', '404'],
  ['GET', '/Case/Sensitive', 'GET /Case/Sensitive'],
  ['GET', '/case/sensitive', '404'],
  ['GET', '/a%20b', 'GET /a%20b'],
  ['GET', '/times/10:30', 'GET /times/10:30'],
  ['POST', '/users/42', '405 GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
  ['DELETE', '/users', '405 GET, HEAD, POST, OPTIONS'],
  ['GET', '/search', '405 POST, OPTIONS'],
  ['OPTIONS', '/users', '405 GET, HEAD, POST, OPTIONS'],
  ['PATCH', '/accounts', '405 GET, HEAD, OPTIONS'],
  ['GET', '/nothing', '404'],
  ['GET', '/users/42/orders/7/items', '404'],
  ['TRACE', '/nothing', '404'],
];

describe('a project route table', () => {
  it.each(CASES)('%s %s → %s', (method, path, expected, params) => {
    const match = table.match(method, path);
    if (expected === '404') {
      expect(match.kind).toBe('none');
    } else if (expected.startsWith('405 ')) {
      expect(match).toEqual({ kind: 'method', allow: expected.slice(4) });
    } else {
      expect(match.kind).toBe('route');
      if (match.kind !== 'route') return;
      expect(match.route.value).toBe(expected);
      expect(match.params).toEqual(params ?? {});
    }
  });

  it('holds at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it('lists the routes closest to an unknown path, closest first', () => {
    expect(table.closest('/user/42')[0]).toBe('GET /users/{id}');
    expect(table.closest('/acounts')).toContain('GET /accounts');
    expect(table.closest('/files/x/y/z')[0]).toMatch(/^GET \/files/);
    expect(table.closest('/anything', 5)).toHaveLength(5);
    expect(compileRouteTable([]).closest('/x')).toEqual([]);
  });

  it('keeps working when a route cannot be placed, leaving that one out', () => {
    const partial = compileRouteTable([
      { method: 'GET', path: '/ok', value: 1 },
      { method: 'GET', path: 'not a path', value: 2 },
    ]);
    expect(partial.routes).toHaveLength(1);
    expect(partial.match('GET', '/ok').kind).toBe('route');
  });

  it('keeps a place for the first that takes it, parameter names aside', () => {
    // A route at a collection's nested list (the routes come first): the route answers.
    const taken = compileRouteTable([
      { method: 'GET', path: '/users/{userId}/orders', value: 'route' },
      { method: 'GET', path: '/users/{id}/orders', value: 'nested' },
      { method: 'POST', path: '/users/{id}/orders', value: 'nested' },
    ]);
    const get = taken.match('GET', '/users/3/orders');
    expect(get.kind === 'route' && get.route.value).toBe('route');
    const post = taken.match('POST', '/users/3/orders');
    expect(post.kind === 'route' && post.route.value).toBe('nested');
  });
});

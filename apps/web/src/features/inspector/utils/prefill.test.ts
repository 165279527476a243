import type { RouteView } from '@mocksmith/core/projects';
import { describe, expect, it } from 'vitest';
import { callOf } from '../testing/calls.ts';
import {
  newRoutePrefill,
  readRoutePrefill,
  routeOfCall,
  routeRefusal,
  ruleChoicesOf,
  rulePrefill,
} from './prefill.ts';

const route = (method: RouteView['method'], path: string, id = `${method} ${path}`) =>
  ({ id, method, path }) as RouteView;

describe('newRoutePrefill', () => {
  it('takes the method and the concrete path, and a JSON body as it is', () => {
    const call = callOf({
      method: 'POST',
      path: '/orders/7',
      body: '{"id":"uuid","items":[1]}',
    });
    expect(newRoutePrefill(call)).toEqual({
      method: 'POST',
      path: '/orders/7',
      template: JSON.stringify({ __literal: { id: 'uuid', items: [1] } }, null, 2),
    });
  });

  it('gives no template for no body, a cut body or text', () => {
    expect(newRoutePrefill(callOf({ path: '/missing' }))).toEqual({
      method: 'GET',
      path: '/missing',
    });
    expect(newRoutePrefill(callOf({ body: '{"a":1}', bodyTruncated: true })).template).toBe(
      undefined,
    );
    expect(newRoutePrefill(callOf({ body: 'a=1&b=2' })).template).toBe(undefined);
  });

  it('reads back from the location state, and nothing else', () => {
    const prefill = newRoutePrefill(callOf({ method: 'PATCH', path: '/me', body: '[1]' }));
    expect(readRoutePrefill(prefill)).toEqual(prefill);
    expect(readRoutePrefill(null)).toBe(undefined);
    expect(readRoutePrefill({ method: 'TRACE' })).toBe(undefined);
    expect(readRoutePrefill({ path: 7 })).toBe(undefined);
  });

  it("reads a rule's conditions back, and refuses an empty rule or a condition of another kind", () => {
    const condition = { source: 'header', name: 'x-tenant', value: 'acme' } as const;
    expect(readRoutePrefill({ rule: { conditions: [condition] }, extra: 1 })).toEqual({
      rule: { conditions: [condition] },
    });
    expect(readRoutePrefill({ rule: { conditions: [] } })).toBe(undefined);
    expect(readRoutePrefill({ rule: { conditions: [{ ...condition, source: 'cookie' }] } })).toBe(
      undefined,
    );
    expect(readRoutePrefill({ rule: { conditions: [{ ...condition, value: 1 }] } })).toBe(
      undefined,
    );
  });
});

describe('routeRefusal', () => {
  it('refuses a method no route answers, and a path that is no route path', () => {
    expect(routeRefusal({ method: 'GET', path: '/users/7' })).toBe(undefined);
    expect(routeRefusal({ method: 'OPTIONS', path: '/users' })).toEqual({ kind: 'method' });
    expect(routeRefusal({ method: 'GET', path: '/a/{b' })).toEqual({ kind: 'path' });
  });
});

describe('routeOfCall', () => {
  const routes = [
    route('GET', '/users/{id:integer}'),
    route('GET', '/users/me'),
    route('GET', '/files/*'),
    route('POST', '/users'),
  ];

  const call = (method: string, path: string, route: string | null = null) => ({
    method,
    path,
    route,
  });

  it('finds the route the log names', () => {
    expect(routeOfCall(routes, call('GET', '/users/me', 'GET /users/{id:integer}'))?.path).toBe(
      '/users/{id:integer}',
    );
  });

  it('else the route that answers the method and path now, a literal path first', () => {
    expect(routeOfCall(routes, call('GET', '/users/42'))?.path).toBe('/users/{id:integer}');
    expect(routeOfCall(routes, call('GET', '/users/me'))?.path).toBe('/users/me');
    expect(routeOfCall(routes, call('GET', '/files/a/b.txt', 'GET /gone'))?.path).toBe('/files/*');
  });

  it('finds none for another method, another path or a value of another type', () => {
    expect(routeOfCall(routes, call('DELETE', '/users/42'))).toBe(undefined);
    expect(routeOfCall(routes, call('GET', '/orders'))).toBe(undefined);
    expect(routeOfCall(routes, call('GET', '/users/ada'))).toBe(undefined);
  });
});

describe('ruleChoicesOf and rulePrefill', () => {
  it('offers the query ticked and the headers unticked, without masked, client or override ones', () => {
    const call = callOf({
      query: 'plan=gold&plan=silver&__status=500&page=2',
      headers: {
        host: 'mocks.test',
        'X-Tenant': 'acme',
        authorization: 'Bearer ••••9f3a',
        'x-mock-session': 'ci-1',
        'content-length': '0',
      },
    });
    const choices = ruleChoicesOf(call);
    expect(choices).toEqual([
      { source: 'query', name: 'plan', value: 'gold', ticked: true },
      { source: 'query', name: 'page', value: '2', ticked: true },
      { source: 'header', name: 'x-tenant', value: 'acme', ticked: false },
    ]);
    expect(rulePrefill(choices)).toEqual({
      rule: {
        conditions: [
          { source: 'query', name: 'plan', value: 'gold' },
          { source: 'query', name: 'page', value: '2' },
        ],
      },
    });
    expect(rulePrefill(choices.map((choice) => ({ ...choice, ticked: false })))).toBe(undefined);
  });
});

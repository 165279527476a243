/**
 * The public endpoint's behaviours as data: an API as stored, one request, and what the caller
 * must get back. `{url}` in a path is the API's base URL form under test.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect as check } from 'vitest';
import type { NewApiRow } from '../../src/db/schema/apis.ts';

export const TOKEN = `mck_${'a1B2c3D4e5'.repeat(4)}`;

export interface MockCase {
  name: string;
  api: Partial<Omit<NewApiRow, 'template'>> & { template?: unknown };
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
    /** Appended to the API's URL (custom endpoint, query). */
    suffix?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  expect: {
    status: number;
    headers?: Record<string, string | RegExp>;
    /** Header names that must be absent. */
    absentHeaders?: string[];
    /** The exact JSON body, or a check of it. */
    body?: unknown;
    check?: (body: unknown) => void;
    /** The raw body must be empty. */
    empty?: boolean;
    /**
     * False when the request never reaches a mock URL (the client resolves `..` first), so the
     * answer is the site's 404 rather than a sandboxed mock answer.
     */
    sandboxed?: false;
  };
}

/** Checks an answer against a case's expectations: status, headers, body. */
export function expectMockAnswer(res: LightMyRequestResponse, want: MockCase['expect']): void {
  check(res.statusCode).toBe(want.status);
  for (const [name, value] of Object.entries(want.headers ?? {})) {
    if (value instanceof RegExp) check(res.headers[name]).toMatch(value);
    else check(res.headers[name]).toBe(value);
  }
  for (const name of want.absentHeaders ?? []) check(res.headers[name]).toBeUndefined();
  if (want.empty) check(res.body).toBe('');
  if (want.body !== undefined) check(res.json()).toEqual(want.body);
  want.check?.(res.json());
}

const users = [{ __multiply: '4-4', id: 'uuid', age: 'number', name: 'string.name.fullname' }];

export const MOCK_CASES: MockCase[] = [
  {
    name: 'answers the generated body with 200 and JSON',
    api: { template: { id: 'uuid', email: 'email', active: 'boolean' } },
    request: { method: 'GET' },
    expect: {
      status: 200,
      headers: { 'content-type': /^application\/json/ },
      check: (body) => {
        const value = body as { id: string; email: string; active: boolean };
        if (!/^[0-9a-f-]{36}$/.test(value.id)) throw new Error(`id ${value.id}`);
        if (!value.email.includes('@')) throw new Error(`email ${value.email}`);
        if (typeof value.active !== 'boolean') throw new Error('active');
      },
    },
  },
  {
    name: 'answers a literal-only template as written',
    api: { template: { status: 'ok', version: 3, tags: ['a', 'b'], nested: { none: null } } },
    request: { method: 'GET' },
    expect: {
      status: 200,
      body: { status: 'ok', version: 3, tags: ['a', 'b'], nested: { none: null } },
    },
  },
  {
    name: 'wrong method: 405 with Allow',
    api: { method: 'POST' },
    request: { method: 'GET' },
    expect: {
      status: 405,
      headers: { allow: 'POST, OPTIONS' },
      body: {
        statusCode: 405,
        code: 'METHOD_NOT_ALLOWED',
        message: 'This mock API answers POST requests, not GET',
      },
    },
  },
  {
    name: 'an unknown method such as PATCH: 405 with Allow',
    api: {},
    request: { method: 'PATCH' },
    expect: { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } },
  },
  {
    name: 'HEAD on a GET API: 200 without a body',
    api: {},
    request: { method: 'HEAD' },
    expect: { status: 200, empty: true },
  },
  {
    name: 'a POST API takes any body, even one that is not JSON',
    api: { method: 'POST', template: { ok: true } },
    request: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    },
    expect: { status: 200, body: { ok: true } },
  },
  {
    name: 'a PUT API ignores a text body',
    api: { method: 'PUT', template: { ok: true } },
    request: { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' },
    expect: { status: 200, body: { ok: true } },
  },
  {
    name: 'protected API without a token: 401 with WWW-Authenticate',
    api: { authToken: TOKEN },
    request: { method: 'GET' },
    expect: {
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="mocksmith"' },
      body: {
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'This mock API requires an Authorization: Bearer header with its token',
      },
    },
  },
  {
    name: 'protected API with a wrong token: 401',
    api: { authToken: TOKEN },
    request: { method: 'GET', headers: { authorization: `Bearer ${TOKEN}x` } },
    expect: {
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="mocksmith", error="invalid_token"' },
    },
  },
  {
    name: 'protected API with its token: 200',
    api: { authToken: TOKEN, template: { secret: 'yes' } },
    request: { method: 'GET', headers: { authorization: `Bearer ${TOKEN}` } },
    expect: { status: 200, body: { secret: 'yes' } },
  },
  {
    name: 'the method check comes before the token check',
    api: { authToken: TOKEN, method: 'DELETE' },
    request: { method: 'GET' },
    expect: { status: 405 },
  },
  {
    name: 'status code 201 with the body',
    api: { httpCode: 201, template: { created: true } },
    request: { method: 'GET' },
    expect: { status: 201, body: { created: true } },
  },
  {
    name: 'status code 204 without a body',
    api: { httpCode: 204 },
    request: { method: 'GET' },
    expect: { status: 204, empty: true, absentHeaders: ['content-type'] },
  },
  {
    name: 'status code 503 still answers the generated body',
    api: { httpCode: 503, template: { down: true } },
    request: { method: 'GET' },
    expect: { status: 503, body: { down: true } },
  },
  {
    name: 'custom response headers',
    api: {
      customHeaders: [
        { name: 'X-Request-Source', value: 'mocksmith' },
        { name: 'Cache-Control', value: 'no-store' },
      ],
    },
    request: { method: 'GET' },
    expect: {
      status: 200,
      headers: { 'x-request-source': 'mocksmith', 'cache-control': 'no-store' },
    },
  },
  {
    name: 'open CORS on answers',
    api: {},
    request: { method: 'GET', headers: { origin: 'https://app.example.com' } },
    expect: { status: 200, headers: { 'access-control-allow-origin': '*' } },
  },
  {
    name: 'CORS preflight is answered',
    api: { method: 'PUT', authToken: TOKEN },
    request: {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    },
    expect: {
      status: 204,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': /PUT/,
        'access-control-allow-headers': 'authorization, content-type',
      },
    },
  },
  {
    name: 'sort by a field, descending',
    api: { template: users },
    request: { method: 'GET', suffix: '?sort=age:desc' },
    expect: {
      status: 200,
      check: (body) => {
        const ages = (body as { age: number }[]).map((u) => u.age);
        const sorted = [...ages].sort((a, b) => b - a);
        if (JSON.stringify(ages) !== JSON.stringify(sorted)) throw new Error(`${ages}`);
      },
    },
  },
  {
    name: 'order gives the default direction',
    api: { template: users },
    request: { method: 'GET', suffix: '?sort=name&order=desc' },
    expect: {
      status: 200,
      check: (body) => {
        const names = (body as { name: string }[]).map((u) => u.name);
        const sorted = [...names].sort((a, b) => b.localeCompare(a));
        if (JSON.stringify(names) !== JSON.stringify(sorted)) throw new Error(`${names}`);
      },
    },
  },
  {
    name: 'a bad sort: 400 naming it',
    api: { template: users },
    request: { method: 'GET', suffix: '?sort=age:sideways' },
    expect: {
      status: 400,
      body: {
        statusCode: 400,
        code: 'INVALID_SORT',
        message:
          'Invalid sort "age:sideways": use a field name, optionally followed by ":asc" or ":desc", such as sort=price:desc',
      },
    },
  },
  {
    name: 'page and limit, with X-Total-Count and Link',
    api: { template: [{ __multiply: '7-7', n: 'number' }] },
    request: { method: 'GET', suffix: '?page=2&limit=3' },
    expect: {
      status: 200,
      headers: {
        'x-total-count': '7',
        link: /^<http:\/\/mocksmith\.test\/[^>]+\?page=1&limit=3>; rel="first", <[^>]+\?page=1&limit=3>; rel="prev", <[^>]+\?page=3&limit=3>; rel="next", <[^>]+\?page=3&limit=3>; rel="last"$/,
      },
      check: (body) => {
        if ((body as unknown[]).length !== 3) throw new Error('page of 3');
      },
    },
  },
  {
    name: 'a seeded page links to pages of the same seed',
    api: { template: [{ __multiply: '7-7', n: 'number' }] },
    request: { method: 'GET', suffix: '?seed=42&page=1&limit=3' },
    expect: {
      status: 200,
      headers: {
        link: /<[^>]+\?seed=42&page=2&limit=3>; rel="next"/,
      },
      check: () => {},
    },
  },
  {
    name: 'a bad limit: 400 naming it',
    api: { template: [{ __multiply: '2-2', n: 'number' }] },
    request: { method: 'GET', suffix: '?page=1&limit=0' },
    expect: { status: 400, headers: { 'content-type': /json/ }, check: () => {} },
  },
  {
    name: 'the custom endpoint form',
    api: { customEndpoint: '/users/list', template: { ok: 1 } },
    request: { method: 'GET', suffix: '/users/list' },
    expect: { status: 200, body: { ok: 1 } },
  },
  {
    name: 'another endpoint than the API’s: 404',
    api: { customEndpoint: '/users/list' },
    request: { method: 'GET', suffix: '/orders' },
    expect: { status: 404, headers: { 'content-type': /json/ } },
  },
  {
    name: 'path traversal after the id: 404, nothing else',
    api: {},
    request: { method: 'GET', suffix: '/../../etc/passwd' },
    expect: { status: 404, sandboxed: false },
  },
];

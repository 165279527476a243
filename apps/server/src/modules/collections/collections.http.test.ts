/**
 * A project's collections as their callers see them, over HTTP on the real database: each
 * status of list, one, add, replace, merge and delete; json-server's queries answered as core's
 * queryCollection answers them; pages followed by their `next` links; references; seeded
 * records stable across nodes and template changes; the limits; CORS. Projects and collections
 * are stored directly (the management API has its own tests); the calls go through the app.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '@mocksmith/core';
import { queryCollection } from '@mocksmith/core/collections';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProject, linksOf, rawQueryOf } from '../../../test/collections.ts';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema/auth.ts';
import { collections, stateUsage } from '../../db/schema/collections.ts';
import { newRequestId } from '../../lib/ids.ts';

const ORIGIN = 'http://mocksmith.test';
const SHOP = 'coll-shop';
const PAGES = 'coll-pages';
const STABLE = 'coll-stable';
const SMALL = 'coll-small';

const USER_TEMPLATE = {
  id: 'number',
  name: 'string.name.fullname',
  email: 'email',
  age: { __number: { min: 18, max: 70, integer: true } },
  role: { __oneOf: ['admin', 'editor', 'viewer'] },
  active: 'boolean',
  address: { city: 'string.address.city' },
};
const ORDER_TEMPLATE = {
  id: 'uuid',
  userId: 'ref:users.id',
  total: 'number.money.price',
  paid: 'boolean',
};
const NAMED = { id: 'number', name: 'string.name.fullname' };
const PAGE_SIZES_OF_COLLECTIONS = [0, 1, 99, 100, 101, 10_000];

/** A user body that fits the template. */
const ada = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  age: 36,
  role: 'admin',
  active: true,
  address: { city: 'London' },
});

let t: TestApp;
let ownerId: string;
/** The collection of the seed-stability test. */
let itemsId: string;

async function insertOwner(label: string): Promise<string> {
  const id = `${label}-${newRequestId()}`;
  await t.database.db
    .insert(users)
    .values({ id, name: label, email: `${id}@example.com`, emailVerified: true });
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ownerId = await insertOwner('owner');
  const db = t.database.db;
  const shop = await insertProject(db, ownerId, { name: 'Shop', slug: SHOP, seed: 11 });
  await insertCollection(db, shop.id, { name: 'users', template: USER_TEMPLATE, count: 50 });
  await insertCollection(db, shop.id, { name: 'orders', template: ORDER_TEMPLATE, count: 200 });
  await insertCollection(db, shop.id, {
    name: 'posts',
    template: { id: 'number', title: 'string' },
    count: 5,
    unknownFields: 'keep',
  });
  const pages = await insertProject(db, ownerId, { name: 'Pages', slug: PAGES, seed: 3 });
  for (const size of PAGE_SIZES_OF_COLLECTIONS) {
    await insertCollection(db, pages.id, { name: `n${size}`, template: NAMED, count: size });
  }
  const stable = await insertProject(db, ownerId, { name: 'Stable', slug: STABLE, seed: 5 });
  itemsId = (
    await insertCollection(db, stable.id, {
      name: 'items',
      template: { id: 'number', name: 'string.name.fullname', price: 'number.money.price' },
      count: 30,
    })
  ).id;
});
afterAll(() => t?.close());

/** Every answer of this file, to show that none was a 5xx. */
const answered: { method: string; url: string; status: number }[] = [];

interface CallOptions {
  session?: string;
  headers?: Record<string, string>;
  /** A value sent as JSON, or text sent as it is (with `contentType`). */
  payload?: unknown;
  contentType?: string;
  app?: TestApp;
}

/** A call of a project's base URL (`slug` then `path`). */
async function callAt(
  slug: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session !== undefined) headers['x-mock-session'] = options.session;
  let payload: string | undefined;
  if (options.payload !== undefined) {
    payload =
      typeof options.payload === 'string' && options.contentType !== undefined
        ? options.payload
        : JSON.stringify(options.payload);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  const url = `/p/${slug}${path}`;
  const res = await (options.app ?? t).app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  answered.push({ method, url, status: res.statusCode });
  return res;
}

const call = (method: string, path: string, options: CallOptions = {}) =>
  callAt(SHOP, method, path, options);

/** A list's records (200 expected). */
async function listOf(slug: string, path: string, options: CallOptions = {}) {
  const res = await callAt(slug, 'GET', path, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JsonObject[];
}

const idsOf = (records: readonly JsonObject[]) => records.map((record) => record.id);

let sessions = 0;
/** A session no other test uses: a test's writes stay its own. */
const freshSession = (label: string) => `${label}-${++sessions}`;

describe('collections over HTTP: each status', () => {
  it('lists with X-Total-Count and answers one record (GET 200)', async () => {
    const res = await call('GET', '/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-total-count']).toBe('50');
    const list = res.json() as JsonObject[];
    expect(idsOf(list)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const user of list) {
      expect(Object.keys(user).sort()).toEqual(Object.keys(USER_TEMPLATE).sort());
      expect(user.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
    }
    const one = await call('GET', '/users/7');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(list[6]);
    const head = await call('HEAD', '/users');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('adds a record with the next integer id and its Location (POST 201)', async () => {
    const session = freshSession('post');
    const res = await call('POST', '/users', { session, payload: ada() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: 51, ...ada() });
    expect(res.headers.location).toBe(`${ORIGIN}/p/${SHOP}/users/51`);
    const read = await call('GET', '/users/51', { session });
    expect(read.json()).toEqual({ id: 51, ...ada() });
    expect((await call('POST', '/users', { session, payload: ada() })).json().id).toBe(52);
    // A given id is kept, and the next one counts on from it.
    expect(
      (await call('POST', '/users', { session, payload: { id: 100, ...ada() } })).json().id,
    ).toBe(100);
    expect((await call('POST', '/users', { session, payload: ada() })).json().id).toBe(101);
    const list = await call('GET', '/users', { session });
    expect(list.headers['x-total-count']).toBe('54');
    expect(idsOf(list.json()).slice(-4)).toEqual([51, 52, 100, 101]);
  });

  it('adds a record with a new uuid to a collection of uuids (POST 201)', async () => {
    const session = freshSession('post-uuid');
    const body = { userId: 3, total: 12.5, paid: false };
    const res = await call('POST', '/orders', { session, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(created).toEqual({ id: created.id, ...body });
    expect(res.headers.location).toBe(`${ORIGIN}/p/${SHOP}/orders/${created.id}`);
    expect((await call('GET', `/orders/${created.id}`, { session })).json()).toEqual(created);
    const seeded = await listOf(SHOP, '/orders');
    expect(idsOf(seeded)).not.toContain(created.id);
    const given = randomUUID();
    const withId = await call('POST', '/orders', { session, payload: { id: given, ...body } });
    expect(withId.statusCode).toBe(201);
    expect(withId.json().id).toBe(given);
  });

  it('deletes a record (204): then 404, and the list one shorter', async () => {
    const session = freshSession('delete');
    const res = await call('DELETE', '/users/5', { session });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const gone = await call('GET', '/users/5', { session });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('RECORD_NOT_FOUND');
    const list = await call('GET', '/users', { session });
    expect(list.headers['x-total-count']).toBe('49');
    expect(idsOf(list.json())).not.toContain(5);
    expect(list.json()).toHaveLength(49);
    expect((await call('DELETE', '/users/5', { session })).statusCode).toBe(404);
    // The shared state and other sessions still have it.
    expect((await call('GET', '/users/5')).statusCode).toBe(200);
    expect((await call('GET', '/users/5', { session: freshSession('other') })).statusCode).toBe(
      200,
    );
    // An added record deleted is gone as well.
    const added = await call('POST', '/users', { session, payload: ada() });
    expect((await call('DELETE', `/users/${added.json().id}`, { session })).statusCode).toBe(204);
    expect((await call('GET', '/users', { session })).headers['x-total-count']).toBe('49');
  });

  it('merges a PATCH and replaces with a PUT (fields not sent are gone)', async () => {
    const session = freshSession('write');
    const before = (await call('GET', '/users/3', { session })).json();
    const patched = await call('PATCH', '/users/3', { session, payload: { name: 'Zed Zero' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...before, name: 'Zed Zero' });
    expect((await call('GET', '/users/3', { session })).json()).toEqual({
      ...before,
      name: 'Zed Zero',
    });
    const put = await call('PUT', '/users/3', { session, payload: { id: 3, ...ada() } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ id: 3, ...ada() });

    // A collection that keeps unknown fields shows the difference: PUT drops what PATCH added.
    const merged = await call('PATCH', '/posts/1', { session, payload: { note: 'kept' } });
    expect(merged.statusCode, merged.body).toBe(200);
    const seededTitle = (await call('GET', '/posts/1')).json().title;
    expect(merged.json()).toEqual({ id: 1, title: seededTitle, note: 'kept' });
    const replaced = await call('PUT', '/posts/1', { session, payload: { title: 'New' } });
    expect(replaced.json()).toEqual({ id: 1, title: 'New' });
    expect((await call('GET', '/posts/1', { session })).json()).toEqual({ id: 1, title: 'New' });
  });

  it('keeps an unknown field with unknownFields "keep", and refuses it with "refuse"', async () => {
    const session = freshSession('unknown');
    const kept = await call('POST', '/posts', { session, payload: { title: 'T', extra: [1, 2] } });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toEqual({ id: 6, title: 'T', extra: [1, 2] });
    expect((await call('GET', '/posts/6', { session })).json()).toEqual(kept.json());
    const refused = await call('POST', '/users', {
      session,
      payload: { ...ada(), nickname: 'Countess' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      { field: 'nickname', message: 'nickname: is not a field of this collection' },
    ]);
  });

  const missingUuid = randomUUID();
  const big = JSON.stringify({ ...ada(), name: 'x'.repeat(70_000) });
  const huge = JSON.stringify({ ...ada(), name: 'x'.repeat(2 * 1024 * 1024) });
  const refusals: Array<{
    name: string;
    method: string;
    path: string;
    options?: CallOptions;
    status: number;
    code: string;
    message?: string | RegExp;
  }> = [
    {
      name: 'a missing id',
      method: 'GET',
      path: '/users/51',
      status: 404,
      code: 'RECORD_NOT_FOUND',
      message: 'users has no record with the id 51',
    },
    {
      name: 'a missing uuid',
      method: 'GET',
      path: `/orders/${missingUuid}`,
      status: 404,
      code: 'RECORD_NOT_FOUND',
      message: `orders has no record with the id "${missingUuid}"`,
    },
    {
      name: 'PUT of a missing id',
      method: 'PUT',
      path: '/users/999',
      options: { payload: ada() },
      status: 404,
      code: 'RECORD_NOT_FOUND',
    },
    {
      name: 'PATCH of a missing id',
      method: 'PATCH',
      path: '/users/999',
      options: { payload: { name: 'N' } },
      status: 404,
      code: 'RECORD_NOT_FOUND',
    },
    {
      name: 'DELETE of a missing id',
      method: 'DELETE',
      path: '/users/999',
      status: 404,
      code: 'RECORD_NOT_FOUND',
    },
    {
      name: 'DELETE of a missing uuid',
      method: 'DELETE',
      path: `/orders/${missingUuid}`,
      status: 404,
      code: 'RECORD_NOT_FOUND',
    },
    {
      name: 'POST of an existing id',
      method: 'POST',
      path: '/users',
      options: { payload: { id: 1, ...ada() } },
      status: 409,
      code: 'RECORD_EXISTS',
      message: 'users already has a record with the id 1',
    },
    {
      name: "PUT of a body whose id is not the path's",
      method: 'PUT',
      path: '/users/3',
      options: { payload: { id: 4, ...ada() } },
      status: 400,
      code: 'INVALID_ID',
      message: "The body's id 4 is not the path's 3: a PUT keeps the record's id",
    },
    {
      name: "PATCH of a body whose id is not the path's",
      method: 'PATCH',
      path: '/users/3',
      options: { payload: { id: 4 } },
      status: 400,
      code: 'INVALID_ID',
    },
    {
      name: 'a body that is not JSON (415)',
      method: 'POST',
      path: '/users',
      options: { payload: 'name=Ada', contentType: 'text/plain' },
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'A record is sent as JSON (Content-Type: application/json), not "text/plain"',
    },
    {
      name: 'a form body on PUT (415)',
      method: 'PUT',
      path: '/users/3',
      options: { payload: 'name=Ada', contentType: 'application/x-www-form-urlencoded' },
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'invalid JSON',
      method: 'POST',
      path: '/users',
      options: { payload: '{"name": ', contentType: 'application/json' },
      status: 400,
      code: 'INVALID_BODY',
      message: 'The body is not valid JSON',
    },
    {
      name: 'a body past 64 KiB',
      method: 'POST',
      path: '/users',
      options: { payload: big, contentType: 'application/json' },
      status: 413,
      code: 'BODY_TOO_LARGE',
      message: 'A record holds at most 65536 bytes (64 KB) of JSON',
    },
    {
      name: 'a body past the server’s 1 MiB',
      method: 'PATCH',
      path: '/users/3',
      options: { payload: huge, contentType: 'application/json' },
      status: 413,
      code: 'BODY_TOO_LARGE',
    },
    // A path that cannot name a record names none: 404, saying what the ids look like.
    {
      name: 'a word for an integer id',
      method: 'GET',
      path: '/users/abc',
      status: 404,
      code: 'RECORD_NOT_FOUND',
      message: 'users has no record with the id "abc": its ids are whole numbers (1, 2, 3...)',
    },
    {
      name: 'id 0',
      method: 'PATCH',
      path: '/users/0',
      options: { payload: { name: 'N' } },
      status: 404,
      code: 'RECORD_NOT_FOUND',
    },
    {
      name: 'a number for a uuid id',
      method: 'GET',
      path: '/orders/42',
      status: 404,
      code: 'RECORD_NOT_FOUND',
      message: 'orders has no record with the id "42": its ids are uuids',
    },
    {
      name: 'a number for a uuid id on DELETE',
      method: 'DELETE',
      path: '/orders/42',
      status: 404,
      code: 'RECORD_NOT_FOUND',
    },
    {
      name: 'a body id that cannot be an id',
      method: 'POST',
      path: '/users',
      options: { payload: { id: -1, ...ada() } },
      status: 400,
      code: 'INVALID_ID',
      message: '-1 is not an id of users: its ids are whole numbers (1, 2, 3...)',
    },
    {
      name: 'a body id that is not a uuid',
      method: 'POST',
      path: '/orders',
      options: { payload: { id: 'not-a-uuid', userId: 1, total: 1, paid: true } },
      status: 400,
      code: 'INVALID_ID',
      message: '"not-a-uuid" is not an id of orders: its ids are uuids',
    },
    {
      name: '_page=0',
      method: 'GET',
      path: '/users?_page=0',
      status: 400,
      code: 'INVALID_PAGE',
      message: 'Invalid _page "0": use a whole number from 1 to 999999999',
    },
    {
      name: '_sort with sort',
      method: 'GET',
      path: '/users?_sort=age&sort=age',
      status: 400,
      code: 'INVALID_SORT',
      message: 'Use either _sort (with _order) or sort, not both',
    },
    {
      name: 'a word for _limit',
      method: 'GET',
      path: '/users?_limit=ten',
      status: 400,
      code: 'INVALID_LIMIT',
    },
    {
      name: 'an unknown _order',
      method: 'GET',
      path: '/users?_sort=age&_order=up',
      status: 400,
      code: 'INVALID_ORDER',
    },
    {
      name: '_end before _start',
      method: 'GET',
      path: '/users?_start=5&_end=2',
      status: 400,
      code: 'INVALID_PAGE',
    },
    {
      name: 'page=0',
      method: 'GET',
      path: '/users?page=0&limit=10',
      status: 400,
      code: 'INVALID_PAGE',
    },
    {
      name: 'an unknown _expand',
      method: 'GET',
      path: '/orders?_expand=customer',
      status: 400,
      code: 'BAD_REQUEST',
      message:
        '_expand=customer: orders has no field customerId that references another collection of this project',
    },
    {
      name: 'an unknown _expand on one record',
      method: 'GET',
      path: '/users/1?_expand=team',
      status: 400,
      code: 'BAD_REQUEST',
      message: /^_expand=team: /,
    },
    {
      name: 'an unknown _embed',
      method: 'GET',
      path: '/users?_embed=invoices',
      status: 400,
      code: 'BAD_REQUEST',
      message: '_embed=invoices: this project has no collection named invoices',
    },
    {
      name: 'a session name with a space',
      method: 'GET',
      path: '/users',
      options: { headers: { 'x-mock-session': 'my session' } },
      status: 400,
      code: 'INVALID_SESSION',
    },
    {
      name: 'a method the path lacks',
      method: 'POST',
      path: '/users/3',
      options: { payload: ada() },
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
    },
    {
      name: 'a path the project lacks',
      method: 'GET',
      path: '/customers',
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
  ];

  it.each(refusals)(
    'refuses $name: $status $code',
    async ({ method, path, options, status, code, message }) => {
      const res = await call(method, path, options);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: status, code });
      if (typeof message === 'string') expect(body.message).toBe(message);
      else if (message) expect(body.message).toMatch(message);
    },
  );

  it('names each field’s problem in a 422, and stores nothing', async () => {
    const cases: Array<[string, string, unknown, Array<{ field: string; message: unknown }>]> = [
      [
        'POST',
        '/users',
        { ...ada(), email: 'not-an-email', name: 42 },
        [
          { field: 'name', message: 'name: expected a string, got 42' },
          { field: 'email', message: 'email: expected an e-mail address, got "not-an-email"' },
        ],
      ],
      [
        'POST',
        '/users',
        { ...ada(), age: 'old', active: 'yes', address: { city: 5 } },
        [
          { field: 'age', message: 'age: expected a number, got "old"' },
          { field: 'active', message: 'active: expected a boolean, got "yes"' },
          { field: 'address.city', message: 'address.city: expected a string, got 5' },
        ],
      ],
      [
        'POST',
        '/users',
        { name: 'Ada', email: 'ada@example.com' },
        [
          { field: 'age', message: 'age: is required' },
          { field: 'role', message: 'role: is required' },
          { field: 'active', message: 'active: is required' },
          { field: 'address', message: 'address: is required' },
        ],
      ],
      [
        'PUT',
        '/users/2',
        { ...ada(), age: 30.5 },
        [{ field: 'age', message: 'age: expected a whole number, got 30.5' }],
      ],
      [
        'PATCH',
        '/users/2',
        { email: 'nobody', nickname: 'N' },
        [
          { field: 'email', message: 'email: expected an e-mail address, got "nobody"' },
          { field: 'nickname', message: 'nickname: is not a field of this collection' },
        ],
      ],
      [
        'POST',
        '/orders',
        { userId: { id: 1 }, total: '9.99', paid: true },
        [
          { field: 'userId', message: 'userId: expected an id of users, got {"id":1}' },
          { field: 'total', message: 'total: expected a number, got "9.99"' },
        ],
      ],
      [
        'POST',
        '/users',
        [ada()],
        [{ field: '', message: expect.stringMatching(/^expected a JSON object, got \[/) }],
      ],
      ['POST', '/users', 'null', [{ field: '', message: 'expected a JSON object, got null' }]],
    ];
    const session = freshSession('invalid');
    for (const [method, path, payload, details] of cases) {
      const res = await call(method, path, {
        session,
        payload,
        ...(payload === 'null' ? { contentType: 'application/json' } : {}),
      });
      expect(res.statusCode, `${method} ${path} ${res.body}`).toBe(422);
      const body = res.json();
      expect(body.code).toBe('RECORD_INVALID');
      // In the template's order of fields, which the database keeps as it likes: any order.
      expect(body.details).toHaveLength(details.length);
      expect(body.details).toEqual(expect.arrayContaining(details));
      for (const detail of details) {
        if (typeof detail.message === 'string') expect(body.message).toContain(detail.message);
      }
    }
    expect((await call('GET', '/users', { session })).json()).toEqual(await listOf(SHOP, '/users'));
    expect((await call('GET', '/users/2', { session })).json()).toEqual(
      (await call('GET', '/users/2')).json(),
    );
    expect((await call('GET', '/orders', { session })).headers['x-total-count']).toBe('200');
  });
});

describe('collections over HTTP: relations', () => {
  it('embeds the user of each order with _expand=user', async () => {
    const orders = await listOf(SHOP, '/orders?_expand=user&_limit=25');
    expect(orders).toHaveLength(25);
    for (const order of orders) {
      const user = await call('GET', `/users/${order.userId}`);
      expect(user.statusCode).toBe(200);
      expect(order.user).toEqual(user.json());
    }
    const first = orders[0] as JsonObject;
    const one = await call('GET', `/orders/${first.id}?_expand=user`);
    expect(one.json()).toEqual(first);
  });

  it('embeds the orders of each user with _embed=orders', async () => {
    const all = await listOf(SHOP, '/orders');
    const list = await listOf(SHOP, '/users?_embed=orders');
    let embedded = 0;
    for (const user of list) {
      const theirs = all.filter((order) => order.userId === user.id);
      expect(user.orders).toEqual(theirs);
      embedded += theirs.length;
    }
    expect(embedded).toBe(200);
    const one = (await call('GET', '/users/4?_embed=orders')).json();
    expect(one.orders).toEqual(all.filter((order) => order.userId === 4));
  });

  it("lists a user's orders at /users/{id}/orders, with the list's queries (json-server's nested list)", async () => {
    const all = await listOf(SHOP, '/orders');
    const owner = all[0]?.userId as number;
    const theirs = all.filter((order) => order.userId === owner);
    const nested = await call('GET', `/users/${owner}/orders`);
    expect(nested.statusCode, nested.body).toBe(200);
    expect(nested.json()).toEqual(theirs);
    expect(nested.headers['x-total-count']).toBe(String(theirs.length));
    // Its pages link to it.
    const page = await call('GET', `/users/${owner}/orders?_limit=1&_sort=total`);
    expect(page.json()).toEqual(
      [...theirs].sort((a, b) => (a.total as number) - (b.total as number)).slice(0, 1),
    );
    expect(linksOf(page.headers.link).first).toBe(
      `${ORIGIN}/p/${SHOP}/users/${owner}/orders?_sort=total&_start=0&_limit=1`,
    );
    // A user without orders has an empty list; one that does not exist has none (404).
    const ordered = new Set(all.map((order) => order.userId));
    const idle = Array.from({ length: 50 }, (_, i) => i + 1).find((id) => !ordered.has(id));
    if (idle !== undefined) expect(await listOf(SHOP, `/users/${idle}/orders`)).toEqual([]);
    for (const id of ['999', 'abc']) {
      const missing = await call('GET', `/users/${id}/orders`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('RECORD_NOT_FOUND');
    }
    // Orders refer to users, not the other way round.
    expect((await call('GET', `/orders/${all[0]?.id}/users`)).json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('adds an order of a user with POST /users/{id}/orders, its userId set', async () => {
    const session = freshSession('nested');
    const res = await call('POST', '/users/7/orders', {
      session,
      payload: { total: 9.5, paid: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: created.id, total: 9.5, paid: false, userId: 7 });
    expect(res.headers.location).toBe(`${ORIGIN}/p/${SHOP}/orders/${created.id}`);
    expect(idsOf(await listOf(SHOP, '/users/7/orders', { session }))).toContain(created.id);
    // The path's user wins over the body's, as in json-server.
    const moved = await call('POST', '/users/8/orders', {
      session,
      payload: { userId: 3, total: 1, paid: true },
    });
    expect(moved.json().userId).toBe(8);
    expect((await call('POST', '/users/999/orders', { session, payload: {} })).statusCode).toBe(
      404,
    );
    // Another session, and the shared state, have none of them.
    expect(idsOf(await listOf(SHOP, '/users/7/orders'))).not.toContain(created.id);
  });

  it('resolves the userId of every seeded order with GET /users/{id}', async () => {
    const orders = await listOf(SHOP, '/orders');
    expect(orders).toHaveLength(200);
    const userIds = new Set(orders.map((order) => order.userId));
    // Drawn over the users: many of them, none outside.
    expect(userIds.size).toBeGreaterThan(30);
    const found = new Map<unknown, number>();
    for (const id of userIds) {
      const res = await call('GET', `/users/${id}`);
      expect(res.statusCode, `user ${id}`).toBe(200);
      expect(res.json().id).toBe(id);
      found.set(id, res.statusCode);
    }
    const resolved = orders.filter((order) => found.get(order.userId) === 200);
    expect(resolved).toHaveLength(200);
  });
});

describe('collections over HTTP: json-server queries answer as core answers', () => {
  // Each case: the query, whether it narrows the list (a filter), and the Link rels expected.
  const cases: Array<[string, { narrows?: boolean; rels?: string[]; empty?: boolean }]> = [
    ['role=admin', { narrows: true }],
    ['role=admin&role=viewer', { narrows: true }],
    ['id=1&id=2', { narrows: true }],
    ['active=true', { narrows: true }],
    ['address.city_like=a', { narrows: true }],
    ['age_gte=30&age_lte=45', { narrows: true }],
    ['age_gte=60', { narrows: true }],
    ['age_ne=30&role_ne=admin', { narrows: true }],
    ['name_like=AN', { narrows: true }],
    ['email_like=GMAIL', { narrows: true }],
    ['q=an', { narrows: true }],
    ['q=qqqq', { empty: true }],
    ['_sort=age', {}],
    ['_sort=age&_order=desc', {}],
    ['_sort=role,age&_order=asc,desc', {}],
    ['_sort=active,name&_order=desc', {}],
    ['_sort=address.city', {}],
    ['_page=2', { rels: ['first', 'prev', 'next', 'last'] }],
    ['_page=2&_limit=20', { rels: ['first', 'prev', 'next', 'last'] }],
    ['_page=3&_limit=20', { rels: ['first', 'prev', 'last'] }],
    ['_page=9&_limit=20', { rels: ['first', 'prev', 'last'], empty: true }],
    ['_limit=10', { rels: ['first', 'next', 'last'] }],
    ['_start=20&_end=30', { rels: ['first', 'prev', 'next', 'last'] }],
    ['_start=20&_limit=10', { rels: ['first', 'prev', 'next', 'last'] }],
    ['_end=20', { rels: ['first', 'next', 'last'] }],
    ['_start=45', { rels: ['first', 'prev', 'last'] }],
    [
      'role=editor&_sort=age&_order=desc&_page=2&_limit=5',
      { narrows: true, rels: ['first', 'prev', 'next', 'last'] },
    ],
    ['q=an&_sort=name&_start=2&_end=6', { narrows: true, rels: ['first', 'prev', 'next', 'last'] }],
    ['sort=age:desc&page=2&limit=10', { rels: ['first', 'prev', 'next', 'last'] }],
    ['sort=name&order=desc', {}],
    ['nickname=x', {}],
  ];

  it.each(cases)('?%s', async (query, { narrows, rels, empty }) => {
    const all = await listOf(SHOP, '/users');
    const expected = queryCollection(all, rawQueryOf(query), {
      pageUrl: `${ORIGIN}/p/${SHOP}/users`,
    });
    if (!expected.ok) throw new Error(expected.error.message);
    const res = await call('GET', `/users?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json() as JsonObject[];
    expect(idsOf(got)).toEqual(idsOf(expected.value.records));
    expect(got).toEqual(expected.value.records);
    expect(res.headers['x-total-count']).toBe(String(expected.value.total));
    expect(res.headers.link).toBe(expected.value.headers.Link);
    expect(Object.keys(linksOf(res.headers.link))).toEqual(rels ?? []);
    if (empty) expect(got).toEqual([]);
    else expect(got.length).toBeGreaterThan(0);
    if (narrows) expect(expected.value.total).toBeLessThan(all.length);
    else if (!rels && !empty) expect(expected.value.total).toBe(all.length);
    // Sorted cases reorder: the answer is not simply the seeded order.
    if (/(^|&)_?sort=/.test(query) && !rels) expect(idsOf(got)).not.toEqual(idsOf(all));
  });
});

describe('collections over HTTP: following next links', () => {
  /** Follows `next` from `first`, answering the ids seen and the pages. */
  async function follow(first: string) {
    const ids: unknown[] = [];
    let pages = 0;
    let url: string | undefined = first;
    let last: string | undefined;
    while (url !== undefined) {
      const res = await t.app.inject({ method: 'GET', url });
      answered.push({ method: 'GET', url, status: res.statusCode });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      pages++;
      const links = linksOf(res.headers.link);
      last ??= links.last;
      ids.push(...idsOf(res.json()));
      url = links.next === undefined ? undefined : pathOf(links.next);
      if (url === undefined) expect(pathOf(links.last as string)).toBe(pathOf(last as string));
      if (pages > 20_000) throw new Error('next links never end');
    }
    return { ids, pages };
  }

  const matrix = PAGE_SIZES_OF_COLLECTIONS.flatMap((size) =>
    [1, 10, 100]
      .filter((limit) => !(size === 10_000 && limit !== 100))
      .map((limit) => [size, limit]),
  );

  it.each(matrix)('%i records by pages of %i: each record once', async (size, limit) => {
    const first = `/p/${PAGES}/n${size}?_page=1&_limit=${limit}`;
    const firstPage = await t.app.inject(first);
    expect(firstPage.headers['x-total-count']).toBe(String(size));
    const { ids, pages } = await follow(first);
    expect(ids).toEqual(Array.from({ length: size }, (_, i) => i + 1));
    expect(pages).toBe(Math.max(1, Math.ceil(size / limit)));
  });

  it.each([
    ['_start=0&_limit=10'],
    ['_start=0&_end=10'],
    ['page=1&limit=10'],
    ['_page=1&_per_page=10'],
  ])('pages of 101 records by %s: each record once', async (query) => {
    const { ids, pages } = await follow(`/p/${PAGES}/n101?${query}`);
    expect(ids).toEqual(Array.from({ length: 101 }, (_, i) => i + 1));
    expect(pages).toBe(11);
  });
});

describe('collections over HTTP: seeded records', () => {
  const setItems = async (changes: { template?: Record<string, unknown>; reseed?: boolean }) => {
    await t.database.db
      .update(collections)
      .set({
        ...(changes.template ? { template: changes.template } : {}),
        ...(changes.reseed ? { seedVersion: sql`${collections.seedVersion} + 1` } : {}),
        version: sql`${collections.version} + 1`,
      })
      .where(eq(collections.id, itemsId));
    await t.app.apiChanged(`p:${STABLE}`);
  };

  it('are byte-identical on a restart, kept when a field is added, new on a reseed', async () => {
    const before = await callAt(STABLE, 'GET', '/items');
    expect(before.statusCode).toBe(200);
    const records = before.json() as JsonObject[];
    expect(records).toHaveLength(30);

    const restarted = await buildTestApp({}, { database: t.database });
    try {
      const again = await callAt(STABLE, 'GET', '/items', { app: restarted });
      expect(again.body).toBe(before.body);
      expect((await callAt(STABLE, 'GET', '/items/17', { app: restarted })).json()).toEqual(
        records[16],
      );
    } finally {
      await restarted.close();
    }

    await setItems({
      template: {
        id: 'number',
        name: 'string.name.fullname',
        sku: 'uuid',
        price: 'number.money.price',
      },
    });
    const grown = await listOf(STABLE, '/items');
    expect(grown).toHaveLength(30);
    for (const [i, record] of grown.entries()) {
      expect(record.sku).toMatch(/^[0-9a-f-]{36}$/);
      const { sku: _sku, ...rest } = record;
      expect(rest).toEqual(records[i]);
    }

    await setItems({ reseed: true });
    const reseeded = await listOf(STABLE, '/items');
    expect(idsOf(reseeded)).toEqual(idsOf(records));
    const sameNames = reseeded.filter((record, i) => record.name === grown[i]?.name).length;
    const samePrices = reseeded.filter((record, i) => record.price === grown[i]?.price).length;
    expect(sameNames).toBeLessThan(3);
    expect(samePrices).toBeLessThan(5);
  });
});

describe('collections over HTTP: limits', () => {
  it('answers 409 COLLECTION_FULL to a POST on 10,000 records', async () => {
    const res = await callAt(PAGES, 'POST', '/n10000', { payload: { name: 'One more' } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'COLLECTION_FULL',
      message: 'n10000 holds 10,000 records, its most: delete some or reset the session',
    });
    const session = freshSession('full');
    expect((await callAt(PAGES, 'DELETE', '/n10000/1', { session })).statusCode).toBe(204);
    const added = await callAt(PAGES, 'POST', '/n10000', { session, payload: { name: 'In' } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().id).toBe(10_001);
    const refused = await callAt(PAGES, 'POST', '/n10000', { session, payload: { name: 'No' } });
    expect(refused.json().code).toBe('COLLECTION_FULL');
    const page = await callAt(PAGES, 'GET', '/n10000?_page=1&_limit=1', { session });
    expect(page.headers['x-total-count']).toBe('10000');
  });

  describe('with small bounds', () => {
    let small: TestApp;
    let smallOwner: string;
    beforeAll(async () => {
      small = await buildTestApp(
        // Anonymous calls may fill the whole account here: its own bound is tested apart.
        {
          MOCK_STATE_BYTES_PER_ACCOUNT: '2048',
          MOCK_MAX_RESPONSE_BYTES: '2048',
          MOCK_ANON_STATE_SHARE: '100',
        },
        { database: t.database },
      );
      smallOwner = await insertOwner('small');
      const project = await insertProject(t.database.db, smallOwner, {
        name: 'Small',
        slug: SMALL,
        seed: 1,
      });
      await insertCollection(t.database.db, project.id, {
        name: 'notes',
        template: { id: 'number', text: 'string' },
        count: 0,
      });
      await insertCollection(t.database.db, project.id, {
        name: 'people',
        template: NAMED,
        count: 100,
      });
      await insertCollection(t.database.db, project.id, {
        name: 'tags',
        template: { id: 'number', personId: 'ref:people.id', label: 'string' },
        count: 1_000,
      });
    });
    afterAll(() => small?.close());

    const usageOf = async (owner: string) => {
      const [row] = await t.database.db
        .select()
        .from(stateUsage)
        .where(eq(stateUsage.ownerId, owner));
      return row?.bytes ?? 0;
    };

    it('answers 409 STATE_LIMIT_REACHED past the owner’s bytes, storing nothing', async () => {
      // Each costs its JSON and its row (64 bytes): three fit in 2048, a fourth does not.
      const note = (n: number) => ({ text: `${n}${'x'.repeat(550)}` });
      for (let n = 1; n <= 3; n++) {
        const res = await callAt(SMALL, 'POST', '/notes', { app: small, payload: note(n) });
        expect(res.statusCode, res.body).toBe(201);
      }
      const stored = await usageOf(smallOwner);
      expect(stored).toBeGreaterThan(1800);
      const refused = await callAt(SMALL, 'POST', '/notes', { app: small, payload: note(4) });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'STATE_LIMIT_REACHED',
        message:
          "This account's collections hold 2048 bytes of written records, their most: reset or delete sessions to make room",
      });
      const list = await callAt(SMALL, 'GET', '/notes', { app: small });
      expect(idsOf(list.json())).toEqual([1, 2, 3]);
      expect((await callAt(SMALL, 'GET', '/notes/4', { app: small })).statusCode).toBe(404);
      expect(await usageOf(smallOwner)).toBe(stored);
      // Another session counts against the same owner.
      const other = await callAt(SMALL, 'POST', '/notes', {
        app: small,
        session: 'other',
        payload: note(5),
      });
      expect(other.json().code).toBe('STATE_LIMIT_REACHED');
      // A reset frees the bytes: the write then goes through.
      expect((await callAt(SMALL, 'POST', '/__reset', { app: small })).statusCode).toBe(204);
      expect(await usageOf(smallOwner)).toBe(0);
      expect((await callAt(SMALL, 'GET', '/notes', { app: small })).json()).toEqual([]);
      const after = await callAt(SMALL, 'POST', '/notes', { app: small, payload: note(6) });
      expect(after.statusCode, after.body).toBe(201);
    });

    it('answers 400 LIST_TOO_LARGE for a whole list past the answer’s bytes; a page answers', async () => {
      const whole = await callAt(SMALL, 'GET', '/people', { app: small });
      expect(whole.statusCode).toBe(400);
      expect(whole.json().code).toBe('LIST_TOO_LARGE');
      expect(whole.json().message).toMatch(
        /^The answer is over \d+ bytes, past the 2048 bytes an answer may hold: ask for a page of it/,
      );
      const page = await callAt(SMALL, 'GET', '/people?_page=3&_limit=10', { app: small });
      expect(page.statusCode, page.body).toBe(200);
      expect(idsOf(page.json())).toEqual(Array.from({ length: 10 }, (_, i) => 21 + i));
      expect(page.headers['x-total-count']).toBe('100');
      const one = await callAt(SMALL, 'GET', '/people/100', { app: small });
      expect(one.statusCode).toBe(200);
    });

    /** An answer within the bytes an answer may hold, or the 400 that says it is not. */
    const expectWithinBounds = (res: LightMyRequestResponse) => {
      if (res.statusCode === 200) expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(2048);
      else expect(res.json().code).toBe('LIST_TOO_LARGE');
    };

    it('answers a page of 10 people and one person within the bounds', async () => {
      const page = await callAt(SMALL, 'GET', '/people?_page=1&_limit=10', { app: small });
      expect(page.statusCode).toBe(200);
      expectWithinBounds(page);
      const tags = await callAt(SMALL, 'GET', '/tags?_page=1&_limit=10', { app: small });
      expect(tags.statusCode).toBe(200);
    });

    it('keeps a page with _embed within the answer’s bytes', async () => {
      const page = await callAt(SMALL, 'GET', '/people?_page=1&_limit=10&_embed=tags', {
        app: small,
      });
      expectWithinBounds(page);
    });
  });
});

describe('collections over HTTP: cascade', () => {
  it('deletes the orders of a deleted user when the users cascade, in that session only', async () => {
    const cascading = await insertProject(t.database.db, ownerId, {
      name: 'Cascade',
      slug: 'coll-cascade',
      seed: 9,
    });
    await insertCollection(t.database.db, cascading.id, {
      name: 'users',
      template: NAMED,
      count: 5,
      cascade: true,
    });
    await insertCollection(t.database.db, cascading.id, {
      name: 'orders',
      template: { id: 'number', userId: 'ref:users.id' },
      count: 40,
    });
    const orders = await listOf('coll-cascade', '/orders');
    const theirs = orders.filter((order) => order.userId === 2);
    expect(theirs.length).toBeGreaterThan(0);
    const session = freshSession('cascade');
    // One of them changed first: a written record goes as well as a seeded one.
    const changed = theirs[0] as JsonObject;
    expect(
      (
        await callAt('coll-cascade', 'PATCH', `/orders/${changed.id}`, {
          session,
          payload: { userId: 2 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await callAt('coll-cascade', 'DELETE', '/users/2', { session })).statusCode).toBe(204);
    const left = await listOf('coll-cascade', '/orders', { session });
    expect(idsOf(left)).toEqual(idsOf(orders.filter((order) => order.userId !== 2)));
    expect(
      (await callAt('coll-cascade', 'GET', `/orders/${changed.id}`, { session })).statusCode,
    ).toBe(404);
    expect(await listOf('coll-cascade', '/orders')).toEqual(orders);
  });
});

describe('collections over HTTP: sessions and CORS', () => {
  it('keeps a session’s writes to itself, until POST {base}/__reset', async () => {
    const session = freshSession('reset');
    await call('DELETE', '/users/1', { session });
    await call('POST', '/users', { session, payload: ada() });
    expect((await call('GET', '/users', { session })).headers['x-total-count']).toBe('50');
    expect((await call('GET', '/users/1', { session })).statusCode).toBe(404);
    expect((await call('GET', `/users?__session=${session}`)).json()).toEqual(
      (await call('GET', '/users', { session })).json(),
    );
    expect((await call('GET', '/users/1')).statusCode).toBe(200);
    const reset = await call('POST', '/__reset', { session });
    expect(reset.statusCode).toBe(204);
    expect((await call('GET', '/users', { session })).json()).toEqual(await listOf(SHOP, '/users'));
  });

  it('allows a preflight with X-Mock-Session and exposes X-Total-Count and Link', async () => {
    for (const [path, method] of [
      ['/users', 'POST'],
      ['/users/3', 'PATCH'],
    ] as const) {
      const preflight = await call('OPTIONS', path, {
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type, x-mock-session',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toContain(method);
      expect(
        String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/),
      ).toContain('x-mock-session');
    }
    const res = await call('GET', '/users?_page=1&_limit=5', {
      headers: { origin: 'https://app.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.link).toBeDefined();
    const exposed = String(res.headers['access-control-expose-headers'])
      .toLowerCase()
      .split(/,\s*/);
    // `*` exposes every header to a call without credentials, which these are.
    if (!exposed.includes('*'))
      expect(exposed).toEqual(expect.arrayContaining(['x-total-count', 'link']));
  });
});

describe('collections over HTTP: no 5xx', () => {
  it('answered every call of this file below 500', () => {
    expect(answered.length).toBeGreaterThan(100);
    expect(answered.filter((call) => call.status >= 500)).toEqual([]);
  });
});

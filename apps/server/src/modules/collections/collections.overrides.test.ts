/**
 * A caller's overrides on a project's collections, over HTTP on the real database: a status asked
 * for (`?__status=N`, `Prefer: code=N`) is answered with a generic body and nothing read or
 * written; the status the operation answers anyway runs it; `Prefer: example` is refused in
 * words; the project's switch turns them off. Kept apart from collections.http.test.ts, whose
 * last test checks that none of its calls answered 5xx.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProject } from '../../../test/collections.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';

const SHOP = 'over-shop';
const STRICT = 'over-strict';
const USER = { id: 'number', name: 'string.name.fullname', email: 'email' };
const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const ownerId = 'over-owner';
  await db
    .insert(users)
    .values({ id: ownerId, name: 'Owner', email: 'over@example.com', emailVerified: true });
  const shop = await insertProject(db, ownerId, { name: 'Shop', slug: SHOP, seed: 1 });
  await insertCollection(db, shop.id, { name: 'users', template: USER, count: 5 });
  const strict = await insertProject(db, ownerId, { name: 'Strict', slug: STRICT, seed: 1 });
  await insertCollection(db, strict.id, { name: 'users', template: USER, count: 5 });
  await db
    .update(projects)
    .set({ settings: { overrides: false } })
    .where(eq(projects.id, strict.id));
});
afterAll(() => t?.close());

function call(
  slug: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as 'GET',
    url: `/p/${slug}${path}`,
    headers: {
      ...headers,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

const total = async (slug: string, session: string) =>
  (await call(slug, 'GET', '/users', { 'x-mock-session': session })).headers['x-total-count'];

describe('a status asked of a collection', () => {
  it('answers ?__status and Prefer: code with a generic body on every operation', async () => {
    const cases: [string, string, Record<string, string>, unknown?][] = [
      ['GET', '/users?__status=500', {}],
      ['GET', '/users/1', { prefer: 'code=500' }],
      ['POST', '/users?__status=500', {}, ada],
      ['PUT', '/users/1', { prefer: 'code=500' }, ada],
      ['PATCH', '/users/1?__status=500', {}, { name: 'N' }],
      ['DELETE', '/users/1', { prefer: 'code=500' }],
    ];
    for (const [method, path, headers, payload] of cases) {
      const res = await call(SHOP, method, path, headers, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(500);
      expect(res.json()).toEqual({ statusCode: 500, message: 'Internal Server Error' });
    }
    const unavailable = await call(SHOP, 'GET', '/users', { prefer: 'code=503' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ statusCode: 503, message: 'Service Unavailable' });
    // Asked of a record that does not exist, the status still answers: nothing is read.
    expect((await call(SHOP, 'GET', '/users/999?__status=429')).statusCode).toBe(429);
  });

  it('writes nothing: a POST, PATCH and DELETE asked to fail leave the records as they were', async () => {
    const session = 'failing-writes';
    const headers = { 'x-mock-session': session };
    const before = (await call(SHOP, 'GET', '/users/1', headers)).json();
    expect((await call(SHOP, 'POST', '/users?__status=500', headers, ada)).statusCode).toBe(500);
    expect(
      (await call(SHOP, 'PATCH', '/users/1', { ...headers, prefer: 'code=409' }, { name: 'Z' }))
        .statusCode,
    ).toBe(409);
    expect((await call(SHOP, 'DELETE', '/users/2?__status=503', headers)).statusCode).toBe(503);
    expect(await total(SHOP, session)).toBe('5');
    expect((await call(SHOP, 'GET', '/users/1', headers)).json()).toEqual(before);
    expect((await call(SHOP, 'GET', '/users/2', headers)).statusCode).toBe(200);
    // And the next POST gets the id it would have had.
    expect((await call(SHOP, 'POST', '/users', headers, ada)).json().id).toBe(6);
  });

  it('runs the operation when the status asked for is the one it answers', async () => {
    const session = 'natural';
    const headers = { 'x-mock-session': session };
    const created = await call(SHOP, 'POST', '/users?__status=201', headers, ada);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 6, ...ada });
    const listed = await call(SHOP, 'GET', '/users', { ...headers, prefer: 'code=200' });
    expect(listed.json()).toHaveLength(6);
    expect((await call(SHOP, 'DELETE', '/users/6?__status=204', headers)).statusCode).toBe(204);
    expect(await total(SHOP, session)).toBe('5');
  });

  it('refuses a status that is not one, and Prefer: example, in words', async () => {
    const bad = await call(SHOP, 'GET', '/users?__status=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      '"abc" is not a status to answer with: ask for one from 100 to 599 (Prefer: code=404 or ?__status=404)',
    );
    const named = await call(SHOP, 'GET', '/users', { prefer: 'example=empty' });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe(
      'A collection answers GET from its records and has no response named "empty" (Prefer: example=NAME picks a route\'s responses); ask for a status with Prefer: code=404 or ?__status=404',
    );
  });

  it('is ignored when the project turned overrides off: the operation runs', async () => {
    const session = 'strict';
    const headers = { 'x-mock-session': session };
    const list = await call(STRICT, 'GET', '/users?__status=500', { prefer: 'code=503' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(5);
    const created = await call(STRICT, 'POST', '/users?__status=500', headers, ada);
    expect(created.statusCode).toBe(201);
    expect(await total(STRICT, session)).toBe('6');
    expect((await call(STRICT, 'GET', '/users', { prefer: 'example=x' })).statusCode).toBe(200);
  });
});

/**
 * One account's list calls must not slow everyone (issue 36): a call joins at most
 * MAX_JOINED_RECORDS records; a heavy list (one reading more than a thousand records) is made
 * in the worker, the same answer as the event loop would make, within the large answers' caps
 * per project and account (429 with Retry-After naming the cap); a page stays light and
 * uncapped. On the real database, through the app.
 */
import type { JsonObject } from '@mocksmith/core';
import { queryCollection } from '@mocksmith/core/collections';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProject, rawQueryOf } from '../../../test/collections.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema/auth.ts';

const SLUG = 'fair-shop';
const USERS = 2_000;

let t: TestApp;

beforeAll(async () => {
  // One heavy answer of a project at a time, so that a second at once meets the cap.
  t = await buildTestApp({ MOCK_LARGE_ANSWERS_PER_API: '1' });
  const db = t.database.db;
  await db
    .insert(users)
    .values({ id: 'fair-owner', name: 'Owner', email: 'fair@example.com', emailVerified: true });
  const project = await insertProject(db, 'fair-owner', { name: 'Shop', slug: SLUG, seed: 4 });
  await insertCollection(db, project.id, {
    name: 'users',
    template: { id: 'number', name: 'string.name.fullname', age: 'number' },
    count: USERS,
  });
  await insertCollection(db, project.id, {
    name: 'orders',
    template: { id: 'number', userId: 'ref:users.id', total: 'number.money.price' },
    count: 10_000,
  });
  await insertCollection(db, project.id, {
    name: 'payments',
    template: { id: 'number', userId: 'ref:users.id', amount: 'number.money.price' },
    count: 10_000,
  });
  await insertCollection(db, project.id, {
    name: 'pair',
    template: { id: 'number', name: 'string' },
    count: 2,
  });
  await insertCollection(db, project.id, {
    name: 'lines',
    template: { id: 'number', pairId: 'ref:pair.id' },
    count: 10_000,
  });
});
afterAll(() => t?.close());

function get(path: string, session?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/p/${SLUG}${path}`,
    headers: session === undefined ? {} : { 'x-mock-session': session },
  });
}

/** Every user, read page by page (each page light). */
async function allUsers(session?: string): Promise<JsonObject[]> {
  const all: JsonObject[] = [];
  for (let page = 1; all.length < USERS || page === 1; page++) {
    const res = await get(`/users?_page=${page}&_limit=1000`, session);
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json() as JsonObject[];
    if (records.length === 0) break;
    all.push(...records);
  }
  return all;
}

describe('the bounds of one list call', () => {
  it('refuses a call joining more than 10,000 records, naming the bound', async () => {
    // The 2 pairs embed the 10,000 lines between them: the most a call joins.
    const most = await get('/pair?_embed=lines');
    expect(most.statusCode, most.body).toBe(200);
    const joined = (most.json() as { lines: unknown[] }[]).map((pair) => pair.lines.length);
    expect(joined[0]! + joined[1]!).toBe(10_000);
    // The 2,000 users embed 10,000 orders and 10,000 payments: 20,000.
    const refused = await get('/users?_embed=orders&_embed=payments');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'LIST_TOO_LARGE',
      message:
        'A call joins at most 10,000 records through _expand and _embed; this one joins more: ask for a smaller page (_page and _limit, or page and limit), or embed less',
    });
  });
});

describe('heavy lists', () => {
  it('answers a heavy list as the records say (made in the worker)', async () => {
    const query = '_sort=name,id&_order=desc&_start=10&_end=60';
    const res = await get(`/users?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const expected = queryCollection(await allUsers(), rawQueryOf(query), {
      pageUrl: `http://mocksmith.test/p/${SLUG}/users`,
    });
    if (!expected.ok) throw new Error(expected.error.message);
    expect(res.json()).toEqual(expected.value.records);
    expect(res.headers['x-total-count']).toBe(String(USERS));
    expect(res.headers.link).toBe(expected.value.headers.Link);
  });

  it("answers a session's own records, as they change", async () => {
    const session = 'fair-changes';
    const add = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/p/${SLUG}/users`,
        headers: { 'x-mock-session': session, 'content-type': 'application/json' },
        payload: JSON.stringify({ name, age: 1 }),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await add('Zz first');
    const first = await get('/users?_sort=name&_order=desc&_limit=2', session);
    expect((first.json() as JsonObject[]).map((user) => user.name)).toContain('Zz first');
    await add('Zzz second');
    const second = await get('/users?_sort=name&_order=desc&_limit=2', session);
    expect((second.json() as JsonObject[]).map((user) => user.name)).toEqual([
      'Zzz second',
      'Zz first',
    ]);
    // The shared state never saw them.
    const shared = await get('/users?_sort=name&_order=desc&_limit=2');
    expect((shared.json() as JsonObject[]).map((user) => user.name)).not.toContain('Zz first');
  });

  it("caps a project's heavy lists at once with 429 and Retry-After, never its pages", async () => {
    const heavy = () => get(`/users?_embed=orders&_limit=1000&_=${Math.random()}`);
    const answers = await Promise.all([heavy(), heavy(), heavy(), get('/users?_page=3')]);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses[3]).toBe(200);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().message).toBe(
        'Too many large answers of this project at once: at most 1 are made at a time. Try again in 1 second',
      );
    }
    // Once they are answered, the next one passes.
    expect((await heavy()).statusCode).toBe(200);
  });
});

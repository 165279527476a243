/**
 * The scaled-out mode: two nodes over one database and one Redis share their rate-limit
 * counters and hear each other's cache invalidations. Runs when TEST_REDIS_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApi } from '../../test/factories.ts';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/helper.ts';
import { apis } from '../db/schema/apis.ts';

describe.skipIf(!process.env.TEST_REDIS_URL)('two nodes sharing Redis', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      MOCK_RATE_LIMIT: '3',
      MOCK_RATE_WINDOW_S: '60',
      CREATE_RATE_LIMIT: '2',
      AUTH_ADDRESS_RATE_LIMIT: '3',
    };
    a = await buildTestApp(env, { database, redis: true });
    b = await buildTestApp(env, { database, redis: true });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('counts one client’s calls across both nodes', async () => {
    const row = await insertApi(database.db, { template: { ok: true } });
    // A client address of its own, so runs never share a counter.
    const ip = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const call = (node: TestApp) =>
      node.app.inject({ url: `/api/${row.requestId}`, remoteAddress: ip });
    const codes = [];
    for (const node of [a, b, a, b]) codes.push((await call(node)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('counts mock calls, anonymous creations and logins apart, across both nodes', async () => {
    const row = await insertApi(database.db, { template: { ok: true } });
    const ip = `10.6.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const create = (node: TestApp) =>
      node.app.inject({
        method: 'POST',
        url: '/backend/crud',
        payload: { template: '{"id":"uuid"}' },
        remoteAddress: ip,
      });
    expect((await create(a)).statusCode).toBe(201);
    for (const node of [a, b, a]) {
      const call = await node.app.inject({ url: `/api/${row.requestId}`, remoteAddress: ip });
      expect(call.statusCode).toBe(200);
    }
    expect((await create(b)).statusCode).toBe(201);
    expect((await create(a)).statusCode).toBe(429);

    const email = `limited-${randomBytes(4).toString('hex')}@example.test`;
    const login = (node: TestApp) =>
      node.app.inject({
        method: 'POST',
        url: '/backend/user/login',
        payload: { email, password: 'a-wrong-password' },
        remoteAddress: ip,
      });
    const codes = [];
    for (const node of [a, b, a, b]) codes.push((await login(node)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('drops a changed template from the other node’s cache', async () => {
    const row = await insertApi(database.db, { template: { version: 1 } });
    const url = `/api/${row.requestId}`;
    expect((await b.app.inject({ url, remoteAddress: '10.8.0.1' })).json()).toEqual({ version: 1 });
    await database.db
      .update(apis)
      .set({ template: JSON.stringify({ version: 2 }) })
      .where(eq(apis.id, row.id));
    a.app.apiChanged(row.requestId);
    let poll = 0;
    await expect
      .poll(async () => (await b.app.inject({ url, remoteAddress: `10.7.0.${++poll}` })).json(), {
        timeout: 3000,
      })
      .toEqual({ version: 2 });
  });
});

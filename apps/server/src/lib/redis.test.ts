/**
 * The scaled-out mode: two nodes over one database and one Redis share their rate-limit
 * counters and hear each other's cache invalidations. Runs when TEST_REDIS_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { insertApi } from '../../test/factories.ts';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/helper.ts';
import { originOf, readFeed } from '../../test/live-feed.ts';
import { projectCalls, routeBody } from '../../test/projects.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { apis } from '../db/schema/apis.ts';
import { createApisRepository } from '../modules/apis/apis.repository.ts';
import { LIVE_CHANNEL, WATCH_KEY } from '../modules/inspector/request-log.ts';
import { counterKeys } from '../modules/mocks/usage-counter.ts';
import { freePort } from './free-port.ts';
import { databaseIdentity } from './redis.ts';

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
    await a.app.apiChanged(row.requestId);
    let poll = 0;
    await expect
      .poll(async () => (await b.app.inject({ url, remoteAddress: `10.7.0.${++poll}` })).json(), {
        timeout: 3000,
      })
      .toEqual({ version: 2 });
  });
});

/** The call count stored for an API. */
async function callCountOf(database: TestDatabase, id: string): Promise<number> {
  const [row] = await database.db
    .select({ callCount: apis.callCount })
    .from(apis)
    .where(eq(apis.id, id));
  return row?.callCount ?? -1;
}

describe.skipIf(!process.env.TEST_REDIS_URL)('call counts in Redis', () => {
  it('counts 1,000 calls split across two nodes, every one, once both have stopped', async () => {
    const database = await createTestDatabase();
    const a = await buildTestApp({}, { database, redis: true });
    const b = await buildTestApp({}, { database, redis: true });
    const row = await insertApi(database.db, { template: { ok: true } });
    try {
      for (let wave = 0; wave < 10; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            (i % 2 ? a : b).app.inject({ url: `/api/${row.requestId}` }),
          ),
        );
        expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      }
      // Stopping writes what is pending; nothing stays in Redis uncounted.
      await Promise.all([a.close(), b.close()]);
      expect(await callCountOf(database, row.id)).toBe(1000);
    } finally {
      await database.drop();
    }
  });

  it('finishes a batch a dead node left behind, and adds a batch once however often it is retried', async () => {
    const database = await createTestDatabase();
    const node = await buildTestApp({}, { database, redis: true });
    try {
      const row = await insertApi(database.db, { template: { ok: true } });
      const redis = node.redis as NonNullable<TestApp['redis']>;
      // Only this database's keys: every deployment sharing the Redis has its own.
      const keys = counterKeys(databaseIdentity(database.db));
      const before = await callCountOf(database, row.id);
      // What a node killed between taking a batch and writing it leaves: a batch, listed 20 s ago.
      const orphan = keys.batch(`orphan-${randomBytes(4).toString('hex')}`);
      await redis.hincrby(orphan, row.id, 7);
      await redis.zadd(keys.batches, Date.now() - 20_000, orphan);
      await expect.poll(() => callCountOf(database, row.id), { timeout: 5000 }).toBe(before + 7);
      expect(await redis.exists(orphan)).toBe(0);

      // The same batch again (a node that wrote it and died before deleting it): added once.
      await createApisRepository(database.db).addCallBatch(orphan, new Map([[row.id, 7]]));
      expect(await callCountOf(database, row.id)).toBe(before + 7);
    } finally {
      await node.close();
      await database.drop();
    }
  });
});

/** A Redis of the test's own on a free port, so that it can be stopped and started again. */
async function startRedis(port: number): Promise<ChildProcess> {
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(`redis://127.0.0.1:${port}`, {
    lazyConnect: true,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  await expect
    .poll(
      () =>
        probe.connect().then(
          () => 'ready',
          () => 'down',
        ),
      { timeout: 10_000 },
    )
    .toBe('ready');
  probe.disconnect();
  return server;
}

async function stopRedis(server: ChildProcess): Promise<void> {
  const exited = once(server, 'exit');
  server.kill('SIGKILL');
  await exited;
}

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis going away', () => {
  it('falls back to per-node limits and local counting, and shares again once Redis is back', async () => {
    const port = await freePort();
    let redisServer = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const database = await createTestDatabase();
    const env = { MOCK_RATE_LIMIT: '3', MOCK_RATE_WINDOW_S: '60' };
    const a = await buildTestApp(env, { database, redis: url });
    const b = await buildTestApp(env, { database, redis: url });
    try {
      const row = await insertApi(database.db, { template: { ok: true } });
      const statuses = async (ip: string, nodes: TestApp[]) => {
        const codes: number[] = [];
        for (const node of nodes)
          codes.push(
            (await node.app.inject({ url: `/api/${row.requestId}`, remoteAddress: ip })).statusCode,
          );
        return codes;
      };
      expect(await statuses('10.5.0.1', [a, b, a, b])).toEqual([200, 200, 200, 429]);
      // Counts wait in Redis for up to a second: a Redis that dies without persistence loses them.
      await expect.poll(() => callCountOf(database, row.id), { timeout: 5000 }).toBe(3);

      await stopRedis(redisServer);
      // Each node counts alone: three calls on each, the fourth on either refused.
      expect(await statuses('10.5.0.2', [a, b, a, b, a, b])).toEqual([
        200, 200, 200, 200, 200, 200,
      ]);
      expect(await statuses('10.5.0.2', [a, b])).toEqual([429, 429]);
      // Edits are still heard: the caches are dropped once a second while the channel is away.
      await database.db
        .update(apis)
        .set({ template: JSON.stringify({ ok: false }) })
        .where(eq(apis.id, row.id));
      await a.app.apiChanged(row.requestId);
      let poll = 0;
      await expect
        .poll(
          async () =>
            (
              await b.app.inject({
                url: `/api/${row.requestId}`,
                remoteAddress: `10.5.1.${++poll}`,
              })
            ).json(),
          { timeout: 3000 },
        )
        .toEqual({ ok: false });

      redisServer = await startRedis(port);
      await expect.poll(() => a.redis?.status, { timeout: 10_000 }).toBe('ready');
      await expect.poll(() => b.redis?.status, { timeout: 10_000 }).toBe('ready');
      expect(await statuses('10.5.0.3', [a, b, a, b])).toEqual([200, 200, 200, 429]);

      // Every answered call was counted: 3 + 6 + the polls + 3 (the 429s are not answers of the API).
      await a.app.close();
      await b.app.close();
      expect(await callCountOf(database, row.id)).toBe(3 + 6 + poll + 3);
    } finally {
      await a.close().catch(() => {});
      await b.close().catch(() => {});
      await database.drop();
      await stopRedis(redisServer);
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the live inspector when Redis restarts empty', () => {
  it("shows node B's calls live on node A again as soon as Redis is back", async () => {
    const port = await freePort();
    let redisServer = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const sink = await startSmtpSink();
    const a = await buildTestApp({ SMTP_URL: sink.url }, { redis: url });
    const b = await buildTestApp({ SMTP_URL: sink.url }, { database: a.database, redis: url });
    const controller = new AbortController();
    try {
      const { cookie } = await accountSteps(a.app, sink).signUp('restart@example.test');
      const calls = projectCalls(a.app);
      const project = (await calls.create(cookie, { name: 'Restarted' })).json() as {
        id: string;
        slug: string;
      };
      expect((await calls.createRoute(cookie, project.id, routeBody('/ping/{n}'))).statusCode).toBe(
        201,
      );
      const [onA, onB] = [await originOf(a), await originOf(b)];
      const live = await fetch(`${onA}/backend/projects/${project.id}/requests/live`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(live.status).toBe(200);
      const feed = readFeed(live.body as ReadableStream<Uint8Array>);
      const paths = () =>
        feed.events.map((event) => (JSON.parse(event.data) as { path: string }).path);
      expect((await fetch(`${onB}/p/${project.slug}/ping/1`)).status).toBe(200);
      await expect.poll(paths, { timeout: 5_000 }).toContain('/ping/1');

      // Redis comes back with nothing: A sets its watch again at once, not at the watch's own
      // renewal (ten seconds after it opened), so every call B answers from then on is shown,
      // also once B's last look at the watch (kept three seconds) has lapsed.
      await stopRedis(redisServer);
      redisServer = await startRedis(port);
      await expect.poll(() => a.redis?.status, { timeout: 10_000 }).toBe('ready');
      await expect.poll(() => b.redis?.status, { timeout: 10_000 }).toBe('ready');
      // Back means: both nodes listen on the channel again and A's watch is set again, which
      // each node does by itself right after it reconnects (a call published before a node's
      // subscription is back is not kept by Redis: pub/sub keeps nothing).
      const look = new Redis(url);
      try {
        await expect
          .poll(async () => (await look.pubsub('NUMSUB', LIVE_CHANNEL))[1], { timeout: 5_000 })
          .toBe(2);
        await expect
          .poll(() => look.exists(`${WATCH_KEY}${project.id}`), { timeout: 5_000 })
          .toBe(1);
      } finally {
        look.disconnect();
      }
      const made: string[] = [];
      for (let n = 2; n < 20; n++) {
        expect((await fetch(`${onB}/p/${project.slug}/ping/${n}`)).status).toBe(200);
        made.push(`/ping/${n}`);
        await sleep(250);
      }
      await expect
        .poll(() => made.filter((path) => !paths().includes(path)), { timeout: 5_000 })
        .toEqual([]);
    } finally {
      controller.abort();
      await b.close().catch(() => {});
      await a.close().catch(() => {});
      await sink.close();
      await stopRedis(redisServer);
    }
  });
});

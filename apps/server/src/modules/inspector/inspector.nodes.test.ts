/**
 * The request inspector across two nodes sharing PostgreSQL and Redis: an inspector connected to
 * node A sees each call answered by node B, from the moment it opens; the verification API on
 * node A counts every call answered by either node, at once. The delays are logged for the
 * closing notes (speed is the bench's, never a test's assertion); every call must arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { originOf, readFeed } from '../../../test/live-feed.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const TRIALS = 100;
let a: TestApp;
let b: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  a = await buildTestApp({ SMTP_URL: sink.url }, { redis: true });
  b = await buildTestApp({ SMTP_URL: sink.url }, { database: a.database, redis: true });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await sink?.close();
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the live inspector on two nodes', () => {
  it(`shows each of ${TRIALS} calls answered by node B in an inspector on node A`, async () => {
    const { cookie } = await accountSteps(a.app, sink).signUp('watcher@example.test');
    const calls = projectCalls(a.app);
    const project = (await calls.create(cookie, { name: 'Watched' })).json() as {
      id: string;
      slug: string;
    };
    expect((await calls.createRoute(cookie, project.id, routeBody('/ping/{n}'))).statusCode).toBe(
      201,
    );
    const [onA, onB] = [await originOf(a), await originOf(b)];

    const controller = new AbortController();
    const live = await fetch(`${onA}/backend/projects/${project.id}/requests/live`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(live.status).toBe(200);
    const arrived = new Map<string, number>();
    const { reading } = readFeed(live.body as ReadableStream<Uint8Array>, ({ event, data }) => {
      if (event === 'request') arrived.set((JSON.parse(data) as { path: string }).path, Date.now());
    });

    const sent = new Map<string, number>();
    for (let n = 1; n <= TRIALS; n++) {
      const path = `/ping/${n}`;
      sent.set(path, Date.now());
      expect((await fetch(`${onB}/p/${project.slug}${path}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const deadline = Date.now() + 5_000;
    while (arrived.size < TRIALS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    controller.abort();
    await reading;
    expect(arrived.size).toBe(TRIALS);
    const delays = [...sent]
      .map(([path, at]) => (arrived.get(path) as number) - at)
      .sort((x, y) => x - y);
    const within = delays.filter((delay) => delay <= 1_000).length;
    console.log(
      `node B → inspector on node A: ${within}/${TRIALS} within 1 s; p50 ${delays[TRIALS / 2]} ms, p95 ${delays[Math.floor(TRIALS * 0.95) - 1]} ms, max ${delays[TRIALS - 1]} ms`,
    );
  }, 60_000);

  it('shows a call answered by node B right after a live view opens on node A', async () => {
    const { cookie } = await accountSteps(a.app, sink).signUp('opener@example.test');
    const calls = projectCalls(a.app);
    const project = (await calls.create(cookie, { name: 'Opened' })).json() as {
      id: string;
      slug: string;
    };
    expect((await calls.createRoute(cookie, project.id, routeBody('/ping/{n}'))).statusCode).toBe(
      201,
    );
    const [onA, onB] = [await originOf(a), await originOf(b)];
    // Node B answered a call before anyone watched, so it knows that no one watched then.
    expect((await fetch(`${onB}/p/${project.slug}/ping/0`)).status).toBe(200);
    // (The verification API on A has every node write what it holds: B writes the call now.)
    const before = await fetch(`${onA}/backend/projects/${project.id}/requests/count`, {
      headers: { cookie },
    });
    expect(await before.json()).toMatchObject({ count: 1 });

    const controller = new AbortController();
    const live = await fetch(`${onA}/backend/projects/${project.id}/requests/live`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(live.status).toBe(200);
    const feed = readFeed(live.body as ReadableStream<Uint8Array>);
    // The page shows the view as live now: a call made at once on node B reaches it.
    expect((await fetch(`${onB}/p/${project.slug}/ping/1`)).status).toBe(200);
    const after = await fetch(`${onA}/backend/projects/${project.id}/requests/count`, {
      headers: { cookie },
    });
    expect(await after.json()).toMatchObject({ count: 2 });
    await expect
      .poll(() => feed.events.map((event) => JSON.parse(event.data).path), { timeout: 5_000 })
      .toEqual(['/ping/1']);
    controller.abort();
    await feed.reading;
  });

  it('counts 1,000 calls made 16 at a time over both nodes, exactly, at once', async () => {
    const { cookie } = await accountSteps(a.app, sink).signUp('verifier@example.test');
    const calls = projectCalls(a.app);
    const project = (await calls.create(cookie, { name: 'Verified' })).json() as {
      id: string;
      slug: string;
    };
    expect((await calls.createRoute(cookie, project.id, routeBody('/ping/{n}'))).statusCode).toBe(
      201,
    );
    const origins = [await originOf(a), await originOf(b)];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 1_000) {
          const n = next++;
          const res = await fetch(`${origins[n % 2]}/p/${project.slug}/ping/${n}`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }),
    );
    const count = await fetch(`${origins[0]}/backend/projects/${project.id}/requests/count`, {
      headers: { cookie },
    });
    expect(await count.json()).toEqual({ count: 1_000, complete: true, dropped: 0 });
    const listed = await fetch(
      `${origins[0]}/backend/projects/${project.id}/requests?limit=1000&path=/ping/99*`,
      { headers: { cookie } },
    );
    expect(
      ((await listed.json()) as { requests: { path: string }[] }).requests
        .map((entry) => entry.path)
        .sort(),
    ).toEqual([
      '/ping/99',
      '/ping/990',
      '/ping/991',
      '/ping/992',
      '/ping/993',
      '/ping/994',
      '/ping/995',
      '/ping/996',
      '/ping/997',
      '/ping/998',
      '/ping/999',
    ]);
  });
});

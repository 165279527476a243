/**
 * The live inspector across two nodes sharing PostgreSQL and Redis: an inspector connected to
 * node A sees each call answered by node B. The delays are logged for the closing notes (speed
 * is the bench's, never a test's assertion); every call must arrive, in order.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
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

const originOf = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
};

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
    const reader = (live.body as ReadableStream<Uint8Array>).getReader();
    const arrived = new Map<string, number>();
    let buffer = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += new TextDecoder().decode(value);
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (data) arrived.set((JSON.parse(data) as { path: string }).path, Date.now());
        }
      }
    })();
    // Node B learns that node A watches within its check interval.
    await new Promise((resolve) => setTimeout(resolve, 3_500));

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
});

/**
 * Collections on two nodes over one PostgreSQL, both with Redis: sessions written through both
 * nodes at once each see exactly their own changes on either node, and a change of a collection
 * made through the management API on one node answers on the other within a second. Real HTTP
 * (both nodes listen on a port, `fetch`), a real account (signed up through the mail link).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const TEMPLATE = { id: 'uuid', name: 'string.name.fullname', email: 'email', tag: 'string' };
const SEEDED = 20;

describe.runIf(process.env.TEST_REDIS_URL)('collections on two nodes', () => {
  let sink: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  let nodes: [string, string];
  let cookie: string;
  let projectId: string;
  let slug: string;
  let collectionId: string;
  let seededIds: string[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    a = await buildTestApp({ SMTP_URL: sink.url }, { redis: true });
    b = await buildTestApp({}, { database: a.database, redis: true });
    nodes = [
      await a.app.listen({ port: 0, host: '127.0.0.1' }),
      await b.app.listen({ port: 0, host: '127.0.0.1' }),
    ];
    ({ cookie } = await accountSteps(a.app, sink).signUp('nodes@example.test'));
    const project = await management('POST', '/backend/projects', { name: 'Two node shop' });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.id;
    slug = project.body.slug;
    const collection = await management('POST', `/backend/projects/${projectId}/collections`, {
      name: 'users',
      template: TEMPLATE,
      count: SEEDED,
    });
    expect(collection.status, JSON.stringify(collection.body)).toBe(201);
    collectionId = collection.body.id;
    // Both nodes answer the collection (B heard of it, or loads the project now).
    for (let i = 0; i < 100 && (await call(1, 'GET', '/users')).status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seeded = await call(0, 'GET', '/users');
    expect(seeded.body).toHaveLength(SEEDED);
    seededIds = seeded.body.map((record: { id: string }) => record.id);
    expect((await call(1, 'GET', '/users')).body).toEqual(seeded.body);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  /** A management call on node A (the signed-in account's cookie), over HTTP. */
  async function management(method: string, path: string, body?: unknown) {
    const res = await fetch(`${nodes[0]}${path}`, {
      method,
      headers: {
        cookie,
        origin: 'http://mocksmith.test',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  }

  /** A call to the project's base URL on node 0 (A) or 1 (B), in a session when given. */
  async function call(
    node: number,
    method: string,
    path: string,
    options: { session?: string; body?: unknown } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.session !== undefined) headers['x-mock-session'] = options.session;
    const res = await fetch(`${nodes[node % 2]}/p/${slug}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read as each test expects it
      body: (text === '' ? undefined : JSON.parse(text)) as any,
    };
  }

  it('keeps each of 50 sessions written through both nodes at once to itself: 0 leaks', async () => {
    const SESSIONS = 50;
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, k) => {
        const session = `sandbox-${k}`;
        const added: string[] = [];
        // 10 POSTs, alternating nodes (session k starts on node k % 2).
        for (let i = 0; i < 10; i++) {
          const res = await call(k + i, 'POST', '/users', {
            session,
            body: { name: `${session} #${i}`, email: `s${k}.${i}@example.com`, tag: session },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          added.push(res.body.id);
        }
        // 3 DELETEs, alternating too: two of its own new records and one seeded record.
        const deleted = [added[1] as string, seededIds[k % SEEDED] as string, added[7] as string];
        for (const [i, id] of deleted.entries()) {
          const res = await call(k + i + 1, 'DELETE', `/users/${id}`, { session });
          expect(res.status, JSON.stringify(res.body)).toBe(204);
        }
        // The list on the other node than the last write's.
        const list = await call(k + 4, 'GET', '/users', { session });
        // And on the last write's node.
        const again = await call(k + 3, 'GET', '/users', { session });
        return { session, added, deleted, list, again };
      }),
    );
    console.log(
      `50 sessions × (10 POSTs, 3 DELETEs, 2 lists) across two nodes: ${Math.round(performance.now() - started)} ms`,
    );

    const everyAdded = new Set(runs.flatMap((run) => run.added));
    expect(everyAdded.size).toBe(SESSIONS * 10);
    let leaks = 0;
    for (const { session, added, deleted, list, again } of runs) {
      expect(list.status).toBe(200);
      expect(list.headers.get('x-total-count')).toBe(String(SEEDED + 10 - 3));
      const ids: string[] = list.body.map((record: { id: string }) => record.id);
      expect(ids).toHaveLength(SEEDED + 10 - 3);
      // Its seeded records but the one it deleted, then its own new ones but the two it
      // deleted, in the order it added them.
      expect(ids).toEqual([
        ...seededIds.filter((id) => id !== deleted[1]),
        ...added.filter((id) => id !== deleted[0] && id !== deleted[2]),
      ]);
      const others = ids.filter((id) => everyAdded.has(id) && !added.includes(id));
      leaks += others.length;
      for (const record of list.body.slice(SEEDED - 1)) expect(record.tag).toBe(session);
      expect(again.body).toEqual(list.body);
    }
    expect(leaks).toBe(0);
    // The shared state saw none of it, on either node.
    for (const node of [0, 1]) {
      const shared = await call(node, 'GET', '/users');
      expect(shared.body.map((record: { id: string }) => record.id)).toEqual(seededIds);
    }
    // The management API lists the 50 sessions, each with 9 records changed: 8 added (of 10,
    // 2 deleted again: those differ from nothing) and 1 seeded deleted.
    const sessions = await management('GET', `/backend/projects/${projectId}/sessions`);
    expect(sessions.status).toBe(200);
    expect(sessions.body.sessions.map((s: { name: string }) => s.name).sort()).toEqual(
      runs.map((run) => run.session).sort(),
    );
    for (const listed of sessions.body.sessions) expect(listed.changed).toBe(9);
    expect(sessions.body.sharedChanged).toBe(0);
  }, 60_000);

  it('answers a collection changed through node A on node B within a second', async () => {
    // B has the project and its seeded records in hand.
    const before = await call(1, 'GET', `/users/${seededIds[0]}`);
    expect(before.status).toBe(200);
    expect(before.body).not.toHaveProperty('nickname');

    const changed = await management(
      'PATCH',
      `/backend/projects/${projectId}/collections/${collectionId}`,
      { template: { ...TEMPLATE, nickname: 'string.name.firstname' } },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const started = performance.now();
    let seen = await call(1, 'GET', `/users/${seededIds[0]}`);
    while (!('nickname' in seen.body) && performance.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await call(1, 'GET', `/users/${seededIds[0]}`);
    }
    const ms = performance.now() - started;
    console.log(`a changed template answered on the other node after ${ms.toFixed(0)} ms`);
    expect(seen.body).toEqual({ ...before.body, nickname: expect.any(String) });
    expect(ms).toBeLessThan(1000);
    // Both nodes make the same records from it.
    expect((await call(0, 'GET', '/users')).body).toEqual((await call(1, 'GET', '/users')).body);

    // A collection added on A answers on B too, and one deleted on A stops answering there.
    const added = await management('POST', `/backend/projects/${projectId}/collections`, {
      name: 'orders',
      template: { id: 'number', userId: 'ref:users.id' },
      count: 3,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await expect
      .poll(async () => (await call(1, 'GET', '/orders')).status, { timeout: 1000, interval: 10 })
      .toBe(200);
    const orders = (await call(1, 'GET', '/orders')).body;
    expect(orders.map((order: { id: number }) => order.id)).toEqual([1, 2, 3]);
    for (const order of orders) expect(seededIds).toContain(order.userId);
    expect(
      (await management('DELETE', `/backend/projects/${projectId}/collections/${added.body.id}`))
        .status,
    ).toBe(204);
    await expect
      .poll(async () => (await call(1, 'GET', '/orders')).status, { timeout: 1000, interval: 10 })
      .toBe(404);
  });
  it('numbers 200 concurrent POSTs through both nodes to one session once each', async () => {
    const made = await management('POST', `/backend/projects/${projectId}/collections`, {
      name: 'tickets',
      template: { id: 'number', title: 'string' },
      count: 3,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (let i = 0; i < 100 && (await call(1, 'GET', '/tickets')).status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(i, 'POST', '/tickets', { session: 'tickets', body: { title: `t${i}` } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const ids = answers.map((answer) => answer.body.id as number).sort((x, y) => x - y);
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => i + 4));
    for (const node of [0, 1]) {
      const list = await call(node, 'GET', '/tickets', { session: 'tickets' });
      expect(list.headers.get('x-total-count')).toBe('203');
      expect(new Set(list.body.map((ticket: { id: number }) => ticket.id)).size).toBe(203);
    }
  });
});

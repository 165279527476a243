/**
 * Read your writes on two nodes over one PostgreSQL and one Redis, as a CI script makes them:
 * an API key (no cookie) changes a project through node A, and the very next call, on node A or
 * on node B, is answered by the change. Both nodes hold the project's table before each series,
 * so a stale copy would show. Real HTTP (both nodes listen on a port, `fetch`), a real account
 * (signed up through the mail link). Every pair must see its change: 0 misses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const PAIRS = 80;

describe.runIf(process.env.TEST_REDIS_URL)('read your writes on two nodes', () => {
  let sink: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  let nodes: [string, string];
  let key: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    a = await buildTestApp({ SMTP_URL: sink.url }, { redis: true });
    b = await buildTestApp({}, { database: a.database, redis: true });
    nodes = [
      await a.app.listen({ port: 0, host: '127.0.0.1' }),
      await b.app.listen({ port: 0, host: '127.0.0.1' }),
    ];
    const { cookie } = await accountSteps(a.app, sink).signUp('ci@example.test');
    const created = await a.app.inject({
      method: 'POST',
      url: '/backend/user/keys',
      headers: { cookie, origin: 'http://mocksmith.test' },
      payload: { name: 'CI' },
    });
    expect(created.statusCode, created.body).toBe(201);
    key = created.json().key;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  /** A management call with the API key on node A, as curl makes it. */
  async function manage(method: string, path: string, body?: unknown) {
    const res = await fetch(`${nodes[0]}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read as each test expects it
    const json = (text === '' ? undefined : JSON.parse(text)) as any;
    expect(res.status, text).toBeLessThan(300);
    return json;
  }

  /** A call of a mock URL on node 0 (A) or 1 (B): its status and body text. */
  async function call(node: number, path: string) {
    const res = await fetch(`${nodes[node]}${path}`);
    return { status: res.status, text: await res.text() };
  }

  /** A project whose table both nodes hold (each answered a call of it). */
  async function watchedProject(name: string) {
    const project = await manage('POST', '/backend/projects', { name });
    await manage('POST', `/backend/projects/${project.id}/routes`, route('/warm', { warm: true }));
    for (const node of [0, 1])
      expect((await call(node, `/p/${project.slug}/warm`)).status).toBe(200);
    return project as { id: string; slug: string };
  }

  const route = (path: string, template: unknown) => ({
    method: 'GET',
    path,
    responses: [{ name: 'ok', status: 200, template: JSON.stringify(template) }],
  });

  for (const [label, node] of [
    ['A → A', 0],
    ['A → B', 1],
  ] as const) {
    it(`answers each of ${PAIRS} routes at once on ${label}, at its project URL and its own`, async () => {
      const project = await watchedProject(`Created ${label}`);
      const misses: string[] = [];
      for (let n = 1; n <= PAIRS; n++) {
        const made = await manage(
          'POST',
          `/backend/projects/${project.id}/routes`,
          route(`/r${n}`, { n }),
        );
        const atProject = await call(node, `/p/${project.slug}/r${n}`);
        if (atProject.status !== 200 || JSON.parse(atProject.text).n !== n) {
          misses.push(`/r${n}: ${atProject.status} ${atProject.text}`);
        }
        const own = await call(1 - node, `/api/${made.requestId}`);
        if (own.status !== 200) misses.push(`/api/${made.requestId}: ${own.status} ${own.text}`);
      }
      expect(misses).toEqual([]);
    }, 120_000);
  }

  it('serves each of 40 edits and 40 deletes at once on either node', async () => {
    const project = await watchedProject('Edited');
    const made = await manage(
      'POST',
      `/backend/projects/${project.id}/routes`,
      route('/e', { v: 0 }),
    );
    const misses: string[] = [];
    for (let v = 1; v <= 40; v++) {
      await manage('PUT', `/backend/projects/${project.id}/routes/${made.id}`, route('/e', { v }));
      const answer = await call(v % 2, `/p/${project.slug}/e`);
      if (answer.status !== 200 || JSON.parse(answer.text).v !== v) {
        misses.push(`edit ${v}: ${answer.status} ${answer.text}`);
      }
    }
    for (let n = 1; n <= 40; n++) {
      const gone = await manage(
        'POST',
        `/backend/projects/${project.id}/routes`,
        route(`/d${n}`, { n }),
      );
      // Both nodes serve it first, so that each holds it when it is deleted.
      for (const node of [0, 1]) await call(node, `/p/${project.slug}/d${n}`);
      await manage('DELETE', `/backend/projects/${project.id}/routes/${gone.id}`);
      const answer = await call(n % 2, `/p/${project.slug}/d${n}`);
      if (answer.status !== 404) misses.push(`delete ${n}: ${answer.status} ${answer.text}`);
      const own = await call(1 - (n % 2), `/api/${gone.requestId}`);
      if (own.status !== 404) misses.push(`delete ${n} (own URL): ${own.status} ${own.text}`);
    }
    expect(misses).toEqual([]);
  }, 120_000);

  it('serves each of 20 collections made, changed and deleted at once on either node', async () => {
    const project = await watchedProject('Collected');
    const misses: string[] = [];
    for (let n = 1; n <= 20; n++) {
      const node = n % 2;
      const made = await manage('POST', `/backend/projects/${project.id}/collections`, {
        name: `things${n}`,
        template: { id: 'number', name: 'string' },
        count: 3,
      });
      const listed = await call(node, `/p/${project.slug}/things${n}`);
      if (listed.status !== 200 || JSON.parse(listed.text).length !== 3) {
        misses.push(`create ${n}: ${listed.status} ${listed.text}`);
      }
      await manage('PATCH', `/backend/projects/${project.id}/collections/${made.id}`, {
        count: 5,
      });
      const changed = await call(1 - node, `/p/${project.slug}/things${n}`);
      if (changed.status !== 200 || JSON.parse(changed.text).length !== 5) {
        misses.push(`change ${n}: ${changed.status} ${changed.text}`);
      }
      await manage('DELETE', `/backend/projects/${project.id}/collections/${made.id}`);
      const deleted = await call(node, `/p/${project.slug}/things${n}`);
      if (deleted.status !== 404) misses.push(`delete ${n}: ${deleted.status} ${deleted.text}`);
    }
    expect(misses).toEqual([]);
  }, 120_000);

  it('applies each of 40 changes of a project’s settings at once on either node', async () => {
    const project = await watchedProject('Settled');
    const misses: string[] = [];
    for (let n = 1; n <= 40; n++) {
      const overrides = n % 2 === 0;
      await manage('PATCH', `/backend/projects/${project.id}`, { settings: { overrides } });
      const answer = await call(Math.floor(n / 2) % 2, `/p/${project.slug}/warm?__status=503`);
      if (answer.status !== (overrides ? 503 : 200)) {
        misses.push(`settings ${n} (overrides ${overrides}): ${answer.status}`);
      }
    }
    expect(misses).toEqual([]);
  }, 120_000);
});

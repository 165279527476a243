/**
 * The request inspector and the verification API over HTTP, with real accounts and the real
 * database: what a project's calls leave in the log (secrets masked, the response and rule that
 * answered, 404s too), the filters and the count, clearing, owner-only access, logging turned
 * off, and the live feed.
 */
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { collectionCalls } from '../../../test/collections.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, responseBody, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createInspectorRepository } from './inspector.repository.ts';
import { MAX_LIVE_STREAMS } from './inspector.service.ts';
import { createRequestLog } from './request-log.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann = '';
let bob = '';
let counter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  const steps = accountSteps(t.app, sink);
  ann = (await steps.signUp('ann-inspector@example.test')).cookie;
  bob = (await steps.signUp('bob-inspector@example.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A project of Ann's with `GET /users/{id}` (responses ok and vip, a rule on x-plan) and `POST /orders`. */
async function shop(settings?: Record<string, unknown>) {
  const made = await calls.create(ann, { name: `Inspected ${++counter}` });
  expect(made.statusCode, made.body).toBe(201);
  const project = made.json() as { id: string; slug: string };
  if (settings) {
    const updated = await calls.update(ann, project.id, { settings });
    expect(updated.statusCode, updated.body).toBe(200);
  }
  const users = await calls.createRoute(
    ann,
    project.id,
    routeBody('/users/{id}', {
      responses: [responseBody(), responseBody({ name: 'vip', template: '{"vip":true}' })],
      rules: [
        {
          // Named: X-Mock-Rule says the name, the log keeps the place.
          name: 'Gold plan',
          combine: 'all',
          conditions: [{ source: 'header', name: 'x-plan', operator: 'equals', value: 'gold' }],
          response: 'vip',
        },
      ],
    }),
  );
  expect(users.statusCode, users.body).toBe(201);
  const orders = await calls.createRoute(ann, project.id, routeBody('/orders', { method: 'POST' }));
  expect(orders.statusCode, orders.body).toBe(201);
  return project;
}

/** The app's origin over a real port (listening from the first call on). */
async function listening(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const logOf = async (cookie: string, id: string, query = '') =>
  t.app.inject({ url: `/backend/projects/${id}/requests${query}`, headers: { cookie } });

describe('the request log', () => {
  it('keeps each call with its secrets masked, its response and rule, 404s too', async () => {
    const project = await shop();
    const secret = 'sk_live_abcdefghijklmnop1234';
    await t.app.inject({
      url: `/p/${project.slug}/users/42?tab=orders`,
      headers: { authorization: `Bearer ${secret}`, 'x-plan': 'gold', 'x-mock-session': 'ci-7' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/p/${project.slug}/orders`,
      payload: { item: 'pen', password: secret },
    });
    await t.app.inject({
      method: 'POST',
      url: `/p/${project.slug}/nowhere?token=${secret}`,
      payload: { sku: 'A-1', qty: 2 },
    });

    const res = await logOf(ann, project.id);
    expect(res.statusCode, res.body).toBe(200);
    const [missing, order, user] = res.json().requests;
    expect(user).toMatchObject({
      method: 'GET',
      path: '/users/42',
      route: 'GET /users/{id}',
      query: 'tab=orders',
      status: 200,
      response: 'vip',
      rule: 1,
      session: 'ci-7',
      fault: null,
      body: null,
    });
    expect(user.headers.authorization).toBe('Bearer ••••1234');
    expect(user.headers['x-plan']).toBe('gold');
    expect(user.client).toMatch(/^[\w-]{12}$/);
    expect(user.latencyMs).toBeGreaterThanOrEqual(0);
    expect(order).toMatchObject({ method: 'POST', path: '/orders', status: 200, response: 'ok' });
    expect(JSON.parse(order.body)).toEqual({ item: 'pen', password: '••••1234' });
    // A 404'd call keeps its body: the inspector makes a route of it.
    expect(missing).toMatchObject({
      method: 'POST',
      path: '/nowhere',
      route: null,
      status: 404,
      response: null,
      query: `token=${encodeURIComponent('••••1234')}`,
    });
    expect(JSON.parse(missing.body)).toEqual({ sku: 'A-1', qty: 2 });
    // Nothing of the secret but its last 4 characters is stored.
    const [row] = (
      await t.database.db.$client.query(
        'select headers::text || coalesce(body, $2) as text from request_log where project_id = $1 and method = $3',
        [project.id, '', 'POST'],
      )
    ).rows as { text: string }[];
    expect(row?.text).not.toContain(secret.slice(0, -4));
  });

  it('says which collection answered a collection’s call, its place as the route', async () => {
    const made = await calls.create(ann, { name: `Inspected ${++counter}` });
    const project = made.json() as { id: string; slug: string };
    const collections = collectionCalls(t.app);
    for (const body of [
      { name: 'users', template: { id: 'number', name: 'string.name.fullname' }, count: 3 },
      { name: 'orders', template: { id: 'number', userId: 'ref:users.id' }, count: 3 },
    ]) {
      const res = await collections.create(ann, project.id, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const url of ['/users', '/users/2', '/users/1/orders']) {
      expect((await t.app.inject(`/p/${project.slug}${url}`)).statusCode).toBe(200);
    }
    const res = await logOf(ann, project.id);
    const logged = (res.json().requests as Record<string, unknown>[]).map(
      ({ path, route, collection, response }) => ({ path, route, collection, response }),
    );
    expect(logged).toEqual([
      {
        path: '/users/1/orders',
        route: 'GET /users/{id}/orders',
        collection: 'orders',
        response: null,
      },
      { path: '/users/2', route: 'GET /users/{id}', collection: 'users', response: null },
      { path: '/users', route: 'GET /users', collection: 'users', response: null },
    ]);
  });

  it('filters, counts, shows one and clears, for the owner alone', async () => {
    const project = await shop();
    for (let n = 1; n <= 5; n++) await t.app.inject({ url: `/p/${project.slug}/users/${n}` });
    await t.app.inject({ method: 'POST', url: `/p/${project.slug}/orders`, payload: { n: 1 } });
    await t.app.inject({
      url: `/p/${project.slug}/users/9`,
      headers: { 'x-mock-session': 'ci-1' },
    });

    const count = (query: string) =>
      t.app.inject({
        url: `/backend/projects/${project.id}/requests/count${query}`,
        headers: { cookie: ann },
      });
    expect((await count('')).json()).toEqual({ count: 7, complete: true, dropped: 0 });
    expect((await count('?method=POST&path=/orders')).json()).toEqual({
      count: 1,
      complete: true,
      dropped: 0,
    });
    expect((await count('?path=/users*')).json()).toEqual({ count: 6, complete: true, dropped: 0 });
    expect((await count('?session=ci-1')).json()).toEqual({ count: 1, complete: true, dropped: 0 });
    expect((await count('?session=')).json()).toEqual({ count: 6, complete: true, dropped: 0 });
    expect((await count('?status=404')).json()).toEqual({ count: 0, complete: true, dropped: 0 });
    expect((await count(`?since=${new Date(Date.now() + 60_000).toISOString()}`)).json()).toEqual({
      count: 0,
      complete: true,
      dropped: 0,
    });
    const page = (await logOf(ann, project.id, '?limit=2')).json().requests;
    expect(page.map((entry: { path: string }) => entry.path)).toEqual(['/users/9', '/orders']);
    const one = await t.app.inject({
      url: `/backend/projects/${project.id}/requests/${page[0].id}`,
      headers: { cookie: ann },
    });
    expect(one.json()).toMatchObject({ id: page[0].id, path: '/users/9' });
    expect((await logOf(ann, project.id, '?limit=0')).statusCode).toBe(400);
    expect((await count('?since=yesterday')).statusCode).toBe(400);

    // Bob sees none of it, and cannot clear it.
    expect((await logOf(bob, project.id)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/backend/projects/${project.id}/requests`,
          headers: { cookie: bob },
        })
      ).statusCode,
    ).toBe(404);
    expect((await logOf('', project.id)).statusCode).toBe(401);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/backend/projects/${project.id}/requests`,
      headers: { cookie: ann },
    });
    expect(cleared.statusCode).toBe(204);
    expect((await count('')).json()).toEqual({ count: 0, complete: true, dropped: 0 });
  });

  it('answers exactly 1,000 calls made 16 at a time', async () => {
    const project = await shop();
    const made: { method: string; path: string; session: string | null; status: number }[] = [];
    const one = async (n: number) => {
      const kind = n % 4;
      const session = n % 3 === 0 ? `ci-${n % 5}` : null;
      const headers = session ? { 'x-mock-session': session } : {};
      const call =
        kind === 0
          ? { method: 'POST' as const, path: '/orders' }
          : kind === 3
            ? { method: 'GET' as const, path: `/missing/${n}` }
            : { method: 'GET' as const, path: `/users/${n}` };
      const res = await t.app.inject({
        method: call.method,
        url: `/p/${project.slug}${call.path}`,
        headers,
        ...(call.method === 'POST' ? { payload: { n } } : {}),
      });
      made.push({ ...call, session, status: res.statusCode });
    };
    // As a test suite makes them: 16 in flight at once, no pause.
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 1_000) await one(next++);
      }),
    );
    const listed = (await logOf(ann, project.id, '?limit=1000')).json();
    expect(listed).toMatchObject({ complete: true, dropped: 0 });
    const order = (a: (typeof made)[number], b: (typeof made)[number]) =>
      `${a.method} ${a.path} ${a.session}`.localeCompare(`${b.method} ${b.path} ${b.session}`);
    expect(
      (listed.requests as typeof made)
        .map(({ method, path, session, status }) => ({ method, path, session, status }))
        .sort(order),
    ).toEqual(made.sort(order));
    const count = async (query: string) =>
      (
        await t.app.inject({
          url: `/backend/projects/${project.id}/requests/count${query}`,
          headers: { cookie: ann },
        })
      ).json().count;
    expect(await count('')).toBe(1_000);
    expect(await count('?method=POST&path=/orders')).toBe(
      made.filter((c) => c.method === 'POST').length,
    );
    expect(await count('?method=GET')).toBe(made.filter((c) => c.method === 'GET').length);
    expect(await count('?status=404')).toBe(made.filter((c) => c.status === 404).length);
    expect(await count('?session=ci-3')).toBe(made.filter((c) => c.session === 'ci-3').length);
    expect(await count('?path=/users*&session=')).toBe(
      made.filter((c) => c.path.startsWith('/users') && c.session === null).length,
    );
  });

  it('says in every answer how many calls the log could not keep, until it is cleared', async () => {
    const project = await shop();
    // A log of its own with room for one waiting call: the next two are dropped.
    const log = createRequestLog({
      repository: createInspectorRepository(t.database.db),
      flushMs: 3_600_000,
      maxQueue: 1,
    });
    for (let n = 1; n <= 3; n++) {
      log.record({
        projectId: project.id,
        apiId: null,
        at: Date.now(),
        method: 'GET',
        url: `/p/${project.slug}/users/${n}`,
        pathAt: 3 + project.slug.length,
        route: 'GET /users/{id}',
        collection: null,
        headers: {},
        json: undefined,
        raw: null,
        rawCut: false,
        status: 200,
        response: 'ok',
        rule: null,
        latencyMs: 1,
        delayMs: 0,
        fault: null,
        upstream: null,
        session: null,
        client: 'client',
        stored: true,
      });
    }
    await log.close();
    const count = async () =>
      (
        await t.app.inject({
          url: `/backend/projects/${project.id}/requests/count`,
          headers: { cookie: ann },
        })
      ).json();
    expect(await count()).toEqual({ count: 1, complete: false, dropped: 2 });
    expect((await logOf(ann, project.id)).json()).toMatchObject({
      requests: [{ path: '/users/1' }],
      complete: false,
      dropped: 2,
    });
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/backend/projects/${project.id}/requests`,
      headers: { cookie: ann },
    });
    expect(cleared.statusCode).toBe(204);
    expect(await count()).toEqual({ count: 0, complete: true, dropped: 0 });
  });

  it('answers and logs a route called at its own URL as at its project’s base URL', async () => {
    // Every call of the project fails with 503 (its network profile), and overrides are off.
    const project = await shop({
      network: { latency: { kind: 'none' }, fault: { percent: 100, kind: 'status', status: 503 } },
      overrides: false,
    });
    const routes = (await calls.get(ann, project.id)).json().routes as {
      path: string;
      requestId: string;
    }[];
    const users = routes.find((route) => route.path === '/users/{id}') as { requestId: string };
    const atBase = await t.app.inject({ url: `/p/${project.slug}/users/5?__status=200` });
    const atOwn = await t.app.inject({ url: `/api/${users.requestId}?__status=200` });
    for (const res of [atBase, atOwn]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['x-mock-fault']).toBe('503');
    }
    const logged = (await logOf(ann, project.id)).json().requests;
    expect(logged).toMatchObject([
      { path: `/api/${users.requestId}`, route: 'GET /users/{id}', status: 503, fault: '503' },
      { path: '/users/5', route: 'GET /users/{id}', status: 503, fault: '503' },
    ]);
    // A refused call at its own URL is the project's too.
    await t.app.inject({ method: 'DELETE', url: `/api/${users.requestId}` });
    expect((await logOf(ann, project.id, '?status=405')).json().requests).toMatchObject([
      { method: 'DELETE', path: `/api/${users.requestId}`, route: 'GET /users/{id}' },
    ]);
    // Its project under a new slug: still its project's.
    const moved = await calls.update(ann, project.id, { slug: `${project.slug}-moved` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.app.inject({ url: `/api/${users.requestId}` })).statusCode).toBe(503);
    expect((await logOf(ann, project.id, '?limit=1')).json().requests).toMatchObject([
      { path: `/api/${users.requestId}`, status: 503 },
    ]);
  });

  it('logs nothing of a project whose logging is off', async () => {
    const project = await shop({ logging: false });
    await t.app.inject({ url: `/p/${project.slug}/users/1` });
    expect((await logOf(ann, project.id)).json()).toEqual({
      requests: [],
      complete: true,
      dropped: 0,
    });
  });

  it('feeds a call to a live inspector as it happens', async () => {
    const project = await shop();
    const origin = await listening();
    const controller = new AbortController();
    const live = await fetch(`${origin}/backend/projects/${project.id}/requests/live`, {
      headers: { cookie: ann },
      signal: controller.signal,
    });
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const reader = (live.body as ReadableStream<Uint8Array>).getReader();
    const sent = Date.now();
    await fetch(`${origin}/p/${project.slug}/users/77`);
    let text = '';
    while (!text.includes('event: request')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const data = JSON.parse(/data: (.*)\n/.exec(text)?.[1] ?? '{}');
    expect(data).toMatchObject({ path: '/users/77', status: 200 });
    console.log(`live: the call reached the inspector in ${Date.now() - sent} ms`);
    controller.abort();
  });

  it('tells a reader that fell behind how many calls it was not sent', async () => {
    const project = await shop();
    const origin = await listening();
    // A reader that reads nothing while 600 calls with 30 KB bodies are made.
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    socket.write(
      `GET /backend/projects/${project.id}/requests/live HTTP/1.1\r\nHost: x\r\nCookie: ${ann}\r\n\r\n`,
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    await expect.poll(() => text).toContain(': live');
    socket.pause();
    const padding = 'x'.repeat(30_000);
    for (let n = 0; n < 600; n += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          t.app.inject({
            method: 'POST',
            url: `/p/${project.slug}/orders`,
            payload: { n: n + k, padding },
          }),
        ),
      );
    }
    // Every call written, and so sent or counted.
    const counted = await t.app.inject({
      url: `/backend/projects/${project.id}/requests/count?method=POST`,
      headers: { cookie: ann },
    });
    expect(counted.json().count).toBe(600);
    socket.resume();
    const tally = () => {
      const sent = (text.match(/\nevent: request\n/g) ?? []).length;
      const skipped = [...text.matchAll(/event: skipped\ndata: (.*)\n/g)].reduce(
        (sum, match) => sum + (JSON.parse(match[1] as string) as { skipped: number }).skipped,
        0,
      );
      return { sent, skipped, total: sent + skipped };
    };
    await expect.poll(() => tally().total, { timeout: 10_000 }).toBe(600);
    expect(tally().skipped).toBeGreaterThan(0);
    socket.destroy();
  });

  it(`refuses an account’s live view past ${MAX_LIVE_STREAMS} at once, with a 429 that says why`, async () => {
    const project = await shop();
    const origin = await listening();
    const open = () => {
      const controller = new AbortController();
      return fetch(`${origin}/backend/projects/${project.id}/requests/live`, {
        headers: { cookie: ann },
        signal: controller.signal,
      }).then((res) => ({ res, close: () => controller.abort() }));
    };
    const feeds = [];
    for (let n = 0; n < MAX_LIVE_STREAMS; n++) {
      const feed = await open();
      expect(feed.res.status).toBe(200);
      feeds.push(feed);
    }
    const refused = await open();
    expect(refused.res.status).toBe(429);
    expect(((await refused.res.json()) as { message: string }).message).toBe(
      `You have ${MAX_LIVE_STREAMS} live views of your calls open, the most at once: close one (another tab or window) and try again`,
    );
    // Another account is not counted against this one.
    const bobs = (await calls.create(bob, { name: 'Bob watches' })).json() as { id: string };
    const theirs = await fetch(`${origin}/backend/projects/${bobs.id}/requests/live`, {
      headers: { cookie: bob },
    });
    expect(theirs.status).toBe(200);
    await theirs.body?.cancel();
    // One closed, one more opens.
    feeds.pop()?.close();
    await expect
      .poll(async () => {
        const again = await open();
        again.close();
        return again.res.status;
      })
      .toBe(200);
    for (const feed of feeds) feed.close();
  });
});

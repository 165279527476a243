/**
 * The analytics over HTTP, with real accounts and the real database: a project's calls (routes,
 * 404s, injected faults, its logging on or off) show in its charts for the owner alone; an
 * unknown range is refused.
 */
import { analyticsTexts } from '@mocksmith/core/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

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
  ann = (await steps.signUp('ann-analytics@example.test')).cookie;
  bob = (await steps.signUp('bob-analytics@example.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const NO_DELAY = { kind: 'none' } as const;

/**
 * A project of Ann's with `GET /users/{id}`, `GET /flaky` (always a 503 fault) and `GET /gone`
 * (always a connection reset).
 */
async function shop(settings?: Record<string, unknown>) {
  const made = await calls.create(ann, { name: `Counted ${++counter}` });
  expect(made.statusCode, made.body).toBe(201);
  const project = made.json() as { id: string; slug: string };
  if (settings) {
    const updated = await calls.update(ann, project.id, { settings });
    expect(updated.statusCode, updated.body).toBe(200);
  }
  for (const body of [
    routeBody('/users/{id}'),
    routeBody('/flaky', {
      network: { latency: NO_DELAY, fault: { percent: 100, kind: 'status', status: 503 } },
    }),
    routeBody('/gone', { network: { latency: NO_DELAY, fault: { percent: 100, kind: 'reset' } } }),
  ]) {
    const route = await calls.createRoute(ann, project.id, body);
    expect(route.statusCode, route.body).toBe(201);
  }
  return project;
}

const analyticsOf = (cookie: string | undefined, id: string, range = 'hour') =>
  t.app.inject({
    url: `/backend/projects/${id}/analytics?range=${range}`,
    headers: cookie ? { cookie } : {},
  });

/** Calls the project's URLs: 3 users, 1 unknown path, 2 faults answering 503, 1 reset. */
async function callShop(slug: string) {
  for (const id of [1, 2, 3]) await t.app.inject({ url: `/p/${slug}/users/${id}` });
  await t.app.inject({ url: `/p/${slug}/nowhere/17` });
  for (let n = 0; n < 2; n++) await t.app.inject({ url: `/p/${slug}/flaky` });
  // A reset closes the connection: inject sees an error, the server logs status 0.
  await t.app.inject({ url: `/p/${slug}/gone` }).catch(() => undefined);
}

describe('a project’s analytics', () => {
  it('count its calls by status, faults, route and consumer, over each range', async () => {
    const project = await shop();
    await callShop(project.slug);

    const res = await analyticsOf(ann, project.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.range).toBe('hour');
    expect(body.step).toBe('minute');
    expect(body.series).toHaveLength(60);
    expect(body.totals).toEqual({ calls: 7, faults: 3, proxied: 0 });
    expect(body.statusMix).toEqual({ s1xx: 0, s2xx: 3, s3xx: 0, s4xx: 1, s5xx: 2, s0: 1 });
    const current = body.series.slice(-2);
    expect(current.reduce((sum: number, point: { calls: number }) => sum + point.calls, 0)).toBe(7);
    expect(body.latency.p50).toBeGreaterThanOrEqual(0);
    expect(body.latency.p99).toBeGreaterThanOrEqual(body.latency.p50);
    expect(body.topRoutes).toEqual([
      { route: 'GET /users/{id}', calls: 3 },
      { route: 'GET /flaky', calls: 2 },
      { route: 'GET /gone', calls: 1 },
      { route: 'GET /nowhere/{id}', calls: 1 },
    ]);
    // One consumer (this test's address), shown hashed, never as the address.
    expect(body.topConsumers).toHaveLength(1);
    expect(body.topConsumers[0]).toMatchObject({ calls: 7 });
    expect(body.topConsumers[0].client).toMatch(/^[\w-]{12}$/);

    for (const [range, points, step] of [
      ['week', 168, 'hour'],
      ['90d', 90, 'day'],
    ] as const) {
      const wider = (await analyticsOf(ann, project.id, range)).json();
      expect(wider).toMatchObject({ range, step, totals: { calls: 7, faults: 3 } });
      expect(wider.series).toHaveLength(points);
      expect(wider.series.at(-1).calls + (wider.series.at(-2)?.calls ?? 0)).toBe(7);
    }
  });

  it('count every call of a route, where its row on the project page counts those it answered', async () => {
    const project = await shop();
    const token = `mck_${'t'.repeat(32)}`;
    const orders = await calls.createRoute(
      ann,
      project.id,
      routeBody('/orders', { authToken: token }),
    );
    expect(orders.statusCode, orders.body).toBe(201);
    for (const id of [1, 2]) await t.app.inject({ url: `/p/${project.slug}/users/${id}` });
    for (let n = 0; n < 2; n++) await t.app.inject({ url: `/p/${project.slug}/flaky` });
    const refused = await t.app.inject({ url: `/p/${project.slug}/orders` });
    expect(refused.statusCode).toBe(401);
    const answered = await t.app.inject({
      url: `/p/${project.slug}/orders`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answered.statusCode).toBe(200);

    const body = (await analyticsOf(ann, project.id)).json();
    expect(body.topRoutes).toEqual([
      { route: 'GET /flaky', calls: 2 },
      { route: 'GET /orders', calls: 2 },
      { route: 'GET /users/{id}', calls: 2 },
    ]);
    // The rows count what each route answered with one of its responses: no injected error, no
    // refusal (the web labels them 'Answered calls' and says so).
    const rows = async () => {
      const detail = (await calls.get(ann, project.id)).json() as {
        routes: { path: string; callCount: number }[];
      };
      return Object.fromEntries(detail.routes.map((route) => [route.path, route.callCount]));
    };
    await expect
      .poll(rows, { timeout: 5000 })
      .toMatchObject({ '/flaky': 0, '/orders': 1, '/users/{id}': 2 });
  });

  it('count the calls of a project whose logging is off', async () => {
    const project = await shop({ logging: false });
    await callShop(project.slug);
    const body = (await analyticsOf(ann, project.id)).json();
    expect(body.totals).toEqual({ calls: 7, faults: 3, proxied: 0 });
    // Nothing of them was logged.
    const log = await t.app.inject({
      url: `/backend/projects/${project.id}/requests/count`,
      headers: { cookie: ann },
    });
    expect(log.json()).toEqual({ count: 0, complete: true, dropped: 0 });
  });

  it('answer an empty series for a project not called yet', async () => {
    const project = await shop();
    const body = (await analyticsOf(ann, project.id, '90d')).json();
    expect(body.totals).toEqual({ calls: 0, faults: 0, proxied: 0 });
    expect(body.latency).toEqual({ p50: null, p95: null, p99: null });
    expect(body.topRoutes).toEqual([]);
  });

  it('are the owner’s alone: 404 to another user, 401 signed out', async () => {
    const project = await shop();
    const other = await analyticsOf(bob, project.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      code: 'PROJECT_NOT_FOUND',
      message: `You have no project with the id "${project.id}"`,
    });
    expect((await analyticsOf(ann, 'not-a-project')).statusCode).toBe(404);
    expect((await analyticsOf(undefined, project.id)).statusCode).toBe(401);
  });

  it('refuse an unknown range', async () => {
    const project = await shop();
    const res = await analyticsOf(ann, project.id, 'year');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toContain(analyticsTexts.rangeInvalid);
  });
});

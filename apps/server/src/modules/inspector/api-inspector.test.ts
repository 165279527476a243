/**
 * A stand-alone API's request inspector, verification API and analytics over HTTP, with real
 * accounts and the real database: its mock URLs' calls in `/backend/apis/{id}/requests...`
 * (secrets masked, counted, cleared) and `/analytics`, for its owner (with a session or an API
 * key) and no one else (404); a route of a project has none of its own, an anonymous API's calls
 * are not kept; its log and roll-ups go with the API and with its owner's account.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls } from '../../../test/user-apis.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof apiCalls>;
let ann = { cookie: '', userId: '' };
let bob = { cookie: '', userId: '' };
let counter = 0;

const address = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

async function signUp(name: string) {
  const { cookie, user } = await accountSteps(t.app, sink).signUp(address(name));
  return { cookie, userId: user.userId };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = apiCalls(t.app);
  ann = await signUp('ann-api-log');
  bob = await signUp('bob-api-log');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A stand-alone API of the account (201 expected): its id, request id and link. */
async function apiOf(cookie: string, body: Record<string, unknown> = {}) {
  const res = await calls.create(cookie, { name: `Logged ${++counter}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; requestId: string; link: string };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call of the management API with a session cookie, or with an API key (`Bearer ...`). */
const backend = (auth: string, method: Method, url: string) =>
  t.app.inject({
    method,
    url,
    headers: auth.startsWith('Bearer ') ? { authorization: auth } : auth ? { cookie: auth } : {},
  });

/** The rows of the API's calls left in the log and in the roll-ups' minutes. */
async function rowsOf(apiId: string) {
  const { rows } = await t.database.db.$client.query<{ log: number; minutes: number }>(
    `select (select count(*)::int from request_log where api_id = $1) as log,
            (select count(*)::int from analytics_minutes where api_id = $1) as minutes`,
    [apiId],
  );
  return rows[0];
}

describe('a stand-alone API’s calls', () => {
  it('are logged with their secrets masked, counted, shown one by one and cleared', async () => {
    const api = await apiOf(ann.cookie, { customEndpoint: `logged/${counter}` });
    const secret = 'sk_live_abcdefghijklmnop1234';
    const first = await calls.callShort(
      { requestId: api.requestId, requestEnum: 'GET' },
      { authorization: `Bearer ${secret}`, 'x-trace': 'on' },
    );
    expect(first.statusCode).toBe(200);
    const linked = `${new URL(api.link).pathname}?page=2&token=${secret}`;
    expect((await t.app.inject({ url: linked })).statusCode).toBe(200);

    const res = await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/requests`);
    expect(res.statusCode, res.body).toBe(200);
    const [viaLink, short] = res.json().requests;
    // An API's URLs have no base of their own: each call keeps its whole path.
    expect(short).toMatchObject({
      method: 'GET',
      path: `/api/${api.requestId}`,
      route: null,
      query: '',
      status: 200,
      body: null,
    });
    expect(short.headers.authorization).toBe('Bearer ••••1234');
    expect(short.headers['x-trace']).toBe('on');
    expect(short.client).toMatch(/^[\w-]{12}$/);
    expect(short).not.toHaveProperty('apiId');
    expect(viaLink).toMatchObject({
      path: new URL(api.link).pathname,
      query: `page=2&token=${encodeURIComponent('••••1234')}`,
      status: 200,
    });
    const { rows } = await t.database.db.$client.query<{ text: string }>(
      'select headers::text || query as text from request_log where api_id = $1',
      [api.id],
    );
    for (const row of rows) expect(row.text).not.toContain(secret.slice(0, -4));

    const count = async (query = '') =>
      (await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/requests/count${query}`)).json();
    expect(await count()).toEqual({ count: 2, complete: true, dropped: 0 });
    expect(await count(`?path=/api/${api.requestId}`)).toEqual({
      count: 1,
      complete: true,
      dropped: 0,
    });
    expect(await count('?status=404')).toEqual({ count: 0, complete: true, dropped: 0 });
    const one = await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/requests/${short.id}`);
    expect(one.json()).toMatchObject({ id: short.id, path: `/api/${api.requestId}` });
    // Another API's call is not this one's.
    const other = await apiOf(ann.cookie);
    expect(
      (await backend(ann.cookie, 'GET', `/backend/apis/${other.id}/requests/${short.id}`))
        .statusCode,
    ).toBe(404);

    const charts = await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/analytics?range=hour`);
    expect(charts.json()).toMatchObject({ totals: { calls: 2, faults: 0 } });
    expect(charts.json().statusMix).toMatchObject({ s2xx: 2 });

    expect(
      (await backend(bob.cookie, 'DELETE', `/backend/apis/${api.id}/requests`)).statusCode,
    ).toBe(404);
    expect(await count()).toEqual({ count: 2, complete: true, dropped: 0 });
    const cleared = await backend(ann.cookie, 'DELETE', `/backend/apis/${api.id}/requests`);
    expect(cleared.statusCode).toBe(204);
    expect(await count()).toEqual({ count: 0, complete: true, dropped: 0 });
  });

  it('keep a body, masked, and the calls refused once the API is found', async () => {
    const api = await apiOf(ann.cookie, { requestEnum: 'POST' });
    await t.app.inject({
      method: 'POST',
      url: `/api/${api.requestId}`,
      payload: { item: 'pen', password: 'hunter2-secret-9876' },
    });
    const list = (await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/requests`)).json();
    expect(list.requests).toHaveLength(1);
    expect(JSON.parse(list.requests[0].body)).toEqual({ item: 'pen', password: '••••9876' });
  });

  it('keep the calls refused once the API is known: another method, a missing token', async () => {
    const api = await apiOf(ann.cookie, {
      option: { delay: 0, authToken: 'mck_refusedcallstokenrefusedcallstoken1234', httpCode: 200 },
    });
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: `/api/${api.requestId}` });
    expect(wrongMethod.statusCode).toBe(405);
    const noToken = await t.app.inject({ method: 'GET', url: `/api/${api.requestId}` });
    expect(noToken.statusCode).toBe(401);
    const list = (await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/requests`)).json();
    expect(
      list.requests.map((entry: { method: string; status: number }) => [
        entry.method,
        entry.status,
      ]),
    ).toEqual([
      ['GET', 401],
      ['DELETE', 405],
    ]);
  });

  it('of an anonymous API are not kept: no one could see them', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/backend/crud',
      payload: { template: '{"ok":"boolean"}', requestEnum: 'GET' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const anonymous = made.json() as { id: string; link: string };
    expect((await t.app.inject({ url: new URL(anonymous.link).pathname })).statusCode).toBe(200);
    // What waits is written when the owner's list is read; any list will do.
    await backend(ann.cookie, 'GET', `/backend/apis/${(await apiOf(ann.cookie)).id}/requests`);
    expect(await rowsOf(anonymous.id)).toEqual({ log: 0, minutes: 0 });
  });

  it('go with the API, and with its owner’s account', async () => {
    const api = await apiOf(ann.cookie);
    await calls.callShort({ requestId: api.requestId, requestEnum: 'GET' });
    expect(
      (await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/requests/count`)).json(),
    ).toEqual({ count: 1, complete: true, dropped: 0 });
    // Its charts write what the node counted (the log's own flushes write counts once a second).
    const charts = await backend(ann.cookie, 'GET', `/backend/apis/${api.id}/analytics?range=hour`);
    expect(charts.statusCode, charts.body).toBe(200);
    expect(await rowsOf(api.id)).toEqual({ log: 1, minutes: 1 });
    const listed = (await calls.list(ann.cookie, ann.userId)).json() as {
      id: string;
      requestId: string;
      userId: string;
    }[];
    const row = listed.find((item) => item.id === api.id);
    const removed = await calls.remove(ann.cookie, {
      idTemplate: api.id,
      idRequest: api.requestId,
      userId: row?.userId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rowsOf(api.id)).toEqual({ log: 0, minutes: 0 });

    const carol = await signUp('carol-api-log');
    const hers = await apiOf(carol.cookie);
    await calls.callShort({ requestId: hers.requestId, requestEnum: 'GET' });
    await backend(carol.cookie, 'GET', `/backend/apis/${hers.id}/requests`);
    await backend(carol.cookie, 'GET', `/backend/apis/${hers.id}/analytics?range=hour`);
    expect(await rowsOf(hers.id)).toEqual({ log: 1, minutes: 1 });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/backend/user/${carol.userId}`,
      headers: { cookie: carol.cookie, origin: 'http://mocksmith.test' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rowsOf(hers.id)).toEqual({ log: 0, minutes: 0 });
  });
});

describe('a stand-alone API’s log and analytics', () => {
  it('answer its owner, with a session or a key, and no one else', async () => {
    const api = await apiOf(ann.cookie);
    const base = `/backend/apis/${api.id}`;

    const list = await backend(ann.cookie, 'GET', `${base}/requests`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ requests: [], complete: true, dropped: 0 });
    expect((await backend(ann.cookie, 'GET', `${base}/requests/count`)).json()).toEqual({
      count: 0,
      complete: true,
      dropped: 0,
    });
    const charts = await backend(ann.cookie, 'GET', `${base}/analytics?range=hour`);
    expect(charts.statusCode, charts.body).toBe(200);
    expect(charts.json()).toMatchObject({ range: 'hour', totals: { calls: 0, faults: 0 } });

    // Bob, and anyone without the API's id as theirs, finds nothing there.
    for (const [method, path] of [
      ['GET', '/requests'],
      ['GET', '/requests/count'],
      ['GET', '/requests/1'],
      ['GET', '/requests/live'],
      ['DELETE', '/requests'],
      ['GET', '/analytics?range=hour'],
    ] as const) {
      const refused = await backend(bob.cookie, method, `${base}${path}`);
      expect(refused.statusCode, `${method} ${path}`).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'API_NOT_FOUND' });
      expect((await backend('', method, `${base}${path}`)).statusCode).toBe(401);
    }
    expect((await backend(ann.cookie, 'GET', '/backend/apis/not-a-uuid/requests')).statusCode).toBe(
      404,
    );

    // A key of Ann's reads her API's log and charts as her session does.
    const minted = await t.app.inject({
      method: 'POST',
      url: '/backend/user/keys',
      headers: { cookie: ann.cookie, origin: 'http://mocksmith.test' },
      payload: { name: 'CI' },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const key = `Bearer ${minted.json().key as string}`;
    expect((await backend(key, 'GET', `${base}/requests/count`)).json()).toEqual({
      count: 0,
      complete: true,
      dropped: 0,
    });
    expect((await backend(key, 'GET', `${base}/analytics?range=week`)).statusCode).toBe(200);
  });

  it('is not kept for a route of a project: its calls are the project’s', async () => {
    const projects = projectCalls(t.app);
    const made = await projects.create(ann.cookie, { name: `Routed ${++counter}` });
    expect(made.statusCode, made.body).toBe(201);
    const route = await projects.createRoute(ann.cookie, made.json().id, routeBody('/users'));
    expect(route.statusCode, route.body).toBe(201);
    const routeId = route.json().id as string;
    expect((await backend(ann.cookie, 'GET', `/backend/apis/${routeId}/requests`)).statusCode).toBe(
      404,
    );
    expect(
      (await backend(ann.cookie, 'GET', `/backend/apis/${routeId}/analytics?range=hour`))
        .statusCode,
    ).toBe(404);
  });
});

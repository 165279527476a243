/**
 * A stand-alone API's request inspector, verification API and analytics over HTTP, with real
 * accounts and the real database: `/backend/apis/{id}/requests...` and `/analytics` answer its
 * owner (with a session or an API key) and no one else (404), a route of a project has none of
 * its own, and its log and roll-ups go with the API and with its owner's account.
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

describe('a stand-alone API’s log and analytics', () => {
  it('answer its owner, with a session or a key, and no one else', async () => {
    const api = await apiOf(ann.cookie);
    const base = `/backend/apis/${api.id}`;

    const list = await backend(ann.cookie, 'GET', `${base}/requests`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ requests: [] });
    expect((await backend(ann.cookie, 'GET', `${base}/requests/count`)).json()).toEqual({
      count: 0,
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
    expect((await backend(key, 'GET', `${base}/requests/count`)).json()).toEqual({ count: 0 });
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

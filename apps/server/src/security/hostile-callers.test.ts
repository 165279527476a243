/**
 * What a stranger can send to a mock URL and to the /backend API, over HTTP with a real account
 * and the real database: JSON nested thousands of levels deep (refused with a 400 naming the
 * depth where something reads it, kept in the request log as sent, and never the end of the
 * logging or of the server), the app's own cookies of a signed-in visitor (invisible to an
 * owner's rules and log), and the secret names of the request log.
 */
import { ErrorCode, MAX_JSON_DEPTH, messages } from '@mocksmith/core';
import { nestedJson } from '@mocksmith/core/testing/nested-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { collectionCalls } from '../../test/collections.ts';
import { buildTestApp, pathOf, type TestApp } from '../../test/helper.ts';
import { projectCalls, responseBody, routeBody } from '../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { apiCalls } from '../../test/user-apis.ts';

let t: TestApp;
let sink: SmtpSink;
let owner = '';
let visitor = '';
let project: { id: string; slug: string };
let counter = 0;

/** 9 KB of `[[[…]]]`, 4,500 levels: what took the server down. */
const DEEP = `${'['.repeat(4_500)}${']'.repeat(4_500)}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  const steps = accountSteps(t.app, sink);
  owner = (await steps.signUp('owner-hostile@example.test')).cookie;
  // A signed-in visitor: the cookie their browser sends to mock URLs on the app's origin.
  visitor = (await steps.signUp('visitor-hostile@example.test')).cookie;
  const calls = projectCalls(t.app);
  const made = await calls.create(owner, { name: `Hostile ${++counter}` });
  expect(made.statusCode, made.body).toBe(201);
  project = made.json();
  const collection = await collectionCalls(t.app).create(owner, project.id, {
    name: 'users',
    template: { name: 'string.name.fullname' },
  });
  expect(collection.statusCode, collection.body).toBe(201);
  const routes = [
    routeBody('/echo', {
      method: 'POST',
      responses: [responseBody({ template: '{"got": "{{request.body}}"}' })],
    }),
    routeBody('/plain', {
      method: 'POST',
      responses: [responseBody({ template: '{"ok": true}' })],
    }),
  ];
  for (const route of routes) {
    const res = await calls.createRoute(owner, project.id, route);
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const post = (path: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/p/${project.slug}${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** The owner's request log, newest first, read through the verification API. */
async function logged(): Promise<
  { path: string; status: number; body: string | null; headers: Record<string, string> }[]
> {
  const res = await t.app.inject({
    url: `/backend/projects/${project.id}/requests?limit=1000`,
    headers: { cookie: owner },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().requests;
}

describe('JSON nested past MAX_JSON_DEPTH', () => {
  it('is refused with a 400 naming the depth by a collection and by a route that reads the body', async () => {
    for (const path of ['/users', '/echo']) {
      const res = await post(path, DEEP);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: ErrorCode.BODY_TOO_DEEP,
        message: messages.bodyTooDeep,
      });
      expect(res.json().message).toContain(`${MAX_JSON_DEPTH} levels`);
    }
  });

  it('is read as no body by a route that does not read it, as any unread body', async () => {
    const res = await post('/plain', DEEP);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('is refused at one level past the limit, and read at the limit', async () => {
    const record = (depth: number) => `{"name": ${nestedJson(depth - 1)}}`;
    const at = await post('/users', record(MAX_JSON_DEPTH));
    expect(at.statusCode, at.body).toBe(422);
    expect(at.json().code).toBe(ErrorCode.RECORD_INVALID);
    const past = await post('/users', record(MAX_JSON_DEPTH + 1));
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().code).toBe(ErrorCode.BODY_TOO_DEEP);
  });

  it('is kept in the request log as it was sent, and the log goes on writing', async () => {
    await post('/users', DEEP);
    // Sent as text, it is parsed by no one; the log still reads it as JSON to mask it.
    await post('/plain', DEEP, { 'content-type': 'text/plain' });
    await post('/plain', '{"after": "the deep ones"}');
    const entries = await logged();
    const deep = entries.filter((entry) => entry.body === DEEP);
    expect(deep.map((entry) => [entry.path, entry.status])).toEqual(
      expect.arrayContaining([
        ['/plain', 200],
        ['/users', 400],
      ]),
    );
    expect(entries[0]).toMatchObject({ path: '/plain', body: '{"after":"the deep ones"}' });
    const health = await t.app.inject('/backend/health');
    expect(health.json()).toMatchObject({ status: 'ok', droppedCalls: 0 });
  });

  it('is refused by the /backend API before it is read, and in a preview’s sample body', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/backend/projects',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: `{"name": "Deep", "settings": ${DEEP}}`,
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({
      code: ErrorCode.BODY_TOO_DEEP,
      message: messages.bodyTooDeep,
    });
    const preview = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${project.id}/preview`,
      headers: { cookie: owner },
      payload: {
        template: '{"got": "{{request.body}}"}',
        request: { method: 'POST', body: DEEP },
      },
    });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json().code).toBe(ErrorCode.BODY_TOO_DEEP);
  });
});

describe("the app's own cookies", () => {
  const SESSION = 'mocksmith.session_token';

  /** A route whose rules would read the visitor's session, and one that reads another cookie. */
  async function spy() {
    const conditions = [
      { source: 'cookie', name: SESSION, operator: 'regex', value: '.' },
      { source: 'cookie', name: `__Secure-${SESSION}`, operator: 'exists' },
      { source: 'header', name: 'cookie', operator: 'contains', value: 'mocksmith' },
    ];
    const res = await projectCalls(t.app).createRoute(owner, project.id, {
      method: 'GET',
      path: `/spy-${++counter}`,
      responses: [
        responseBody({ name: 'ok', template: '{"seen": false}' }),
        ...conditions.map((_, index) =>
          responseBody({ name: `leak-${index + 1}`, template: '{"seen": true}' }),
        ),
        responseBody({ name: 'theme', template: '{"theme": true}' }),
      ],
      rules: [
        ...conditions.map((condition, index) => ({
          conditions: [condition],
          response: `leak-${index + 1}`,
        })),
        {
          conditions: [{ source: 'cookie', name: 'theme', operator: 'equals', value: 'dark' }],
          response: 'theme',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { requestId: string; path: string };
  }

  it('are invisible to rules, on the base URL and the stand-alone URL, the caller’s others not', async () => {
    const route = await spy();
    const secure = visitor.replace(SESSION, `__Secure-${SESSION}`);
    for (const url of [`/p/${project.slug}/spy-${counter}`, `/api/${route.requestId}`]) {
      for (const cookie of [visitor, secure, `${visitor}; theme=light`]) {
        const res = await t.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ seen: false });
      }
      const themed = await t.app.inject({ url, headers: { cookie: `${visitor}; theme=dark` } });
      expect(themed.json()).toEqual({ theme: true });
    }
  });

  it('are invisible in the request log, whose entries keep the caller’s other cookies', async () => {
    await spy();
    await t.app.inject({
      url: `/p/${project.slug}/spy-${counter}`,
      headers: { cookie: `${visitor}; theme=light` },
    });
    const api = await apiCalls(t.app).create(owner, { name: 'Alone' });
    expect(api.statusCode, api.body).toBe(201);
    await t.app.inject({ url: pathOf(api.json().link), headers: { cookie: visitor } });
    const entries = await logged();
    expect(entries[0]?.headers.cookie).toBe('theme=••••ight');
    const alone = await t.app.inject({
      url: `/backend/apis/${api.json().id}/requests`,
      headers: { cookie: owner },
    });
    const [call] = alone.json().requests;
    expect(call.status).toBe(200);
    expect(call.headers.cookie).toBeUndefined();
    const token = visitor.split('=')[1]?.split(';')[0] as string;
    for (const text of [JSON.stringify(entries), alone.body]) {
      expect(text).not.toContain(SESSION);
      expect(text).not.toContain(token.slice(-4));
    }
  });
});

describe('the request log', () => {
  it('masks key, code, jwt and sig query values, as it masks client_secret', async () => {
    const secret = 'abcdefgh12345678WXYZ';
    const names = ['key', 'code', 'jwt', 'sig', 'client_secret', 'X-Amz-Signature'];
    const query = names.map((name) => `${name}=${secret}`).join('&');
    await post(`/plain?${query}&page=2`, '{}');
    const [entry] = (await logged()) as unknown as { query: string }[];
    expect(entry?.query).toBe(
      `${names.map((name) => `${name}=${encodeURIComponent('••••WXYZ')}`).join('&')}&page=2`,
    );
  });
});

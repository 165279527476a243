/**
 * Parity of the two hosts of the engine (DESIGN.md §4b, issue 38): a project made through the
 * management API of a real server, pulled by the real `mocksmith pull` (its export endpoint and
 * core's writer, over HTTP with a personal API key) and served from the pulled directory by
 * `startMockServer`, answers more than 100 seeded calls with the same statuses, the headers that
 * matter and byte-identical bodies: typed path params, templates reading the request, named
 * responses and `Prefer`, `?__status` and `?__delay`, rules, rotation, tokens, a network profile's
 * faults and rate limit with `?__seed`, collections with json-server's queries (filters, sort,
 * pagination, `_embed`, `_expand`), writes in a session and `POST /__reset`, 404 and 405. The
 * verification API answers the same suite at the hosted project's id on both (the runner reads
 * the id from the `.mocksmith/hosted.json` that `pull` wrote).
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockServer, startMockServer } from '@mocksmith/cli';
import type { Project } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

/** Every token of the project (a pulled directory names each by an environment variable). */
const TOKEN = `mck_${'parity'.repeat(6)}`;

const json = (value: unknown) => JSON.stringify(value);
const response = (name: string, status: number, template: unknown, extra = {}) => ({
  name,
  status,
  template: typeof template === 'string' ? template : json(template),
  ...extra,
});
const fault = (percent: number) => ({
  latency: { kind: 'none' },
  fault: { percent, kind: 'status', status: 503 },
  rateLimit: null,
});

/** The routes, as the management API takes them. */
const ROUTES = [
  {
    method: 'GET',
    path: '/orders/{id:integer}',
    responses: [
      response(
        'found',
        200,
        {
          id: '{{request.params.id}}',
          total: 'number',
          buyer: 'string.name.fullname',
          lines: [{ sku: 'string.uuid', quantity: 'number' }],
        },
        { headers: [{ name: 'X-Shop', value: 'yes' }], default: true },
      ),
      response('gone', 410, { message: 'This order is gone' }),
    ],
    rules: [
      {
        name: 'old orders',
        combine: 'all',
        conditions: [{ source: 'param', name: 'id', operator: 'lt', value: '100' }],
        response: 'gone',
      },
    ],
  },
  {
    method: 'GET',
    path: '/files/{name}/versions/{version:integer}',
    responses: [
      response('file', 200, {
        name: '{{request.params.name}}',
        version: '{{request.params.version}}',
        etag: 'string.uuid',
      }),
    ],
  },
  {
    method: 'POST',
    path: '/echo',
    responses: [
      response('echo', 201, {
        name: '{{request.body.name}}',
        page: '{{request.query.page}}',
        tenant: '{{request.headers.x-tenant}}',
        note: 'string.lorem.sentence',
      }),
    ],
  },
  {
    method: 'GET',
    path: '/search',
    responses: [
      response('results', 200, { results: [{ id: 'number', title: 'string.lorem.words' }] }),
      response('empty', 200, { results: [] }),
      response('pro', 200, { plan: 'pro', quota: 'number' }),
      response('refused', 403, { message: 'No searching today' }),
    ],
    rules: [
      {
        name: 'nothing',
        combine: 'all',
        conditions: [{ source: 'query', name: 'q', operator: 'equals', value: 'none' }],
        response: 'empty',
      },
      {
        name: 'pro plan',
        combine: 'any',
        conditions: [
          { source: 'header', name: 'x-plan', operator: 'equals', value: 'pro' },
          { source: 'cookie', name: 'plan', operator: 'equals', value: 'pro' },
        ],
        response: 'pro',
      },
      {
        name: 'blocked',
        combine: 'all',
        conditions: [{ source: 'body', name: 'blocked', operator: 'equals', value: 'true' }],
        response: 'refused',
      },
    ],
  },
  {
    method: 'GET',
    path: '/weather',
    responseMode: 'sequential',
    responses: [
      response('sunny', 200, { sky: 'sunny', degrees: 'number' }),
      response('rainy', 200, { sky: 'rainy' }),
      response(
        'storm',
        503,
        { message: 'Storm' },
        { headers: [{ name: 'Retry-After', value: '5' }] },
      ),
    ],
  },
  {
    method: 'GET',
    path: '/private',
    authToken: TOKEN,
    responses: [response('secret', 200, { secret: 'string.uuid' })],
  },
  {
    method: 'GET',
    path: '/fixed',
    overrides: false,
    responses: [response('fixed', 200, { fixed: true })],
  },
  {
    method: 'GET',
    path: '/flaky',
    network: fault(100),
    responses: [response('ok', 200, { ok: true })],
  },
  {
    method: 'GET',
    path: '/coin',
    network: fault(50),
    responses: [response('ok', 200, { ok: true })],
  },
  {
    method: 'GET',
    path: '/limited',
    network: { latency: { kind: 'none' }, fault: null, rateLimit: { limit: 2, per: 'minute' } },
    responses: [response('ok', 200, { ok: true })],
  },
];

const COLLECTIONS = [
  {
    name: 'users',
    template: { id: 'number', name: 'string.name.fullname', age: 'number' },
    count: 8,
    unknownFields: 'keep',
  },
  {
    name: 'posts',
    template: { id: 'number', userId: 'ref:users.id', title: 'string.lorem.words' },
    count: 12,
  },
  { name: 'vault', template: { id: 'number', code: 'string.uuid' }, count: 3, authToken: TOKEN },
];

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const get = (path: string, headers?: Record<string, string>): Call => ({
  method: 'GET',
  path,
  ...(headers ? { headers } : {}),
});
const JSON_TYPE = { 'content-type': 'application/json' };
const alice = { 'x-mock-session': 'alice' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The calls, in order (the writes change what the later reads answer, on both hosts alike). */
const CALLS: Call[] = [
  // Routing with typed params, a template reading them, a rule, named responses and Prefer.
  get('/orders/123?seed=1'),
  get('/orders/123?seed=2'),
  get('/orders/456?seed=abc'),
  get('/orders/100?seed=3'),
  get('/orders/7'),
  get('/orders/99'),
  get('/orders/123', { prefer: 'example=gone' }),
  get('/orders/123', { prefer: 'code=404' }),
  get('/orders/123', { prefer: 'example=nothing-so-named' }),
  get('/orders/abc'),
  get('/orders/12.5'),
  get('/orders/123/?seed=4'),
  { method: 'HEAD', path: '/orders/123?seed=1' },
  { method: 'DELETE', path: '/orders/1' },
  { method: 'POST', path: '/orders/1', headers: JSON_TYPE, body: {} },
  { method: 'OPTIONS', path: '/orders/1' },
  get('/files/report.pdf/versions/3'),
  get('/files/a%20b/versions/12?seed=9'),
  get('/files/report.pdf/versions/latest'),
  get('/nowhere'),
  get('/order/123'),
  // Overrides: ?__status, ?__delay, and a route that refuses them.
  get('/orders/123?__status=503'),
  get('/orders/123?__status=201'),
  get('/orders/123?__status=999'),
  get('/orders/123?__delay=20&seed=5'),
  get('/orders/123?__delay=20&__status=410'),
  get('/fixed?__status=500'),
  get('/fixed', { prefer: 'code=500' }),
  // A template reading the request's body, query and headers.
  {
    method: 'POST',
    path: '/echo?page=3&seed=5',
    headers: { ...JSON_TYPE, 'x-tenant': 'acme' },
    body: { name: 'Ada' },
  },
  { method: 'POST', path: '/echo?page=x', headers: JSON_TYPE, body: { name: 'Grace', extra: [1] } },
  { method: 'POST', path: '/echo', headers: JSON_TYPE, body: '{"name":' },
  { method: 'POST', path: '/echo' },
  // Rules on the query, a header, a cookie and the body.
  get('/search?seed=4'),
  get('/search?q=none'),
  get('/search?q=some&seed=6'),
  get('/search?seed=7', { 'x-plan': 'pro' }),
  get('/search?seed=8', { cookie: 'plan=pro' }),
  get('/search?q=none', { 'x-plan': 'pro' }),
  get('/search', { prefer: 'example=refused' }),
  // Rotation: the responses in turn.
  get('/weather?seed=1'),
  get('/weather?seed=1'),
  get('/weather?seed=1'),
  get('/weather?seed=1'),
  get('/weather', { prefer: 'example=storm' }),
  // Tokens.
  get('/private'),
  get('/private', bearer('mck_wrong')),
  get('/private', bearer(TOKEN)),
  // A network profile: a fault, overridden, and a rate limit.
  get('/flaky'),
  get('/flaky?__status=200'),
  get('/limited'),
  get('/limited'),
  get('/limited'),
  // Collections and json-server's queries.
  get('/users'),
  get('/users?_sort=name&_order=desc'),
  get('/users?_sort=-age'),
  get('/users?_page=2&_limit=3&_sort=id'),
  get('/users?_page=9&_limit=3'),
  get('/users?_start=2&_end=5'),
  get('/users?age_gte=500'),
  get('/users?age_lte=500&_sort=age'),
  get('/users?id=1&id=3'),
  get('/users?id_ne=2&_limit=2'),
  get('/users?name_like=an'),
  get('/users?q=a'),
  get('/users?_limit=abc'),
  get('/users/3'),
  get('/users/999'),
  get('/users/abc'),
  get('/users/1?_embed=posts'),
  get('/users?_embed=posts&_limit=2'),
  get('/posts?_expand=user&_limit=3'),
  get('/posts?userId=1'),
  get('/posts/2?_expand=user'),
  get('/posts?_embed=nothing'),
  { method: 'HEAD', path: '/users' },
  { method: 'OPTIONS', path: '/users' },
  { method: 'PUT', path: '/users', headers: JSON_TYPE, body: {} },
  // Collection tokens.
  get('/vault'),
  get('/vault', bearer('mck_wrong')),
  get('/vault', bearer(TOKEN)),
  get('/vault/1', bearer(TOKEN)),
  // Writes in a session, then its reset.
  {
    method: 'POST',
    path: '/users',
    headers: { ...JSON_TYPE, ...alice },
    body: { name: 'Ada Lovelace', age: 36 },
  },
  get('/users?_sort=id&_order=desc', alice),
  { method: 'PATCH', path: '/users/2', headers: { ...JSON_TYPE, ...alice }, body: { age: 99 } },
  {
    method: 'PUT',
    path: '/users/3',
    headers: { ...JSON_TYPE, ...alice },
    body: { name: 'Put', age: 1 },
  },
  {
    method: 'PUT',
    path: '/users/3',
    headers: { ...JSON_TYPE, ...alice },
    body: { name: 'No age' },
  },
  { method: 'DELETE', path: '/users/1', headers: alice },
  { method: 'DELETE', path: '/users/1', headers: alice },
  get('/users', alice),
  get('/users/2', alice),
  get('/posts?userId=1', alice),
  {
    method: 'POST',
    path: '/posts',
    headers: { ...JSON_TYPE, ...alice },
    body: { userId: 2, title: 'Hi', color: 'red' },
  },
  {
    method: 'POST',
    path: '/posts',
    headers: { ...JSON_TYPE, ...alice },
    body: { userId: 2, title: 'Hi' },
  },
  get('/users/2?_embed=posts', alice),
  {
    method: 'POST',
    path: '/users',
    headers: { 'content-type': 'text/plain', ...alice },
    body: 'hello',
  },
  { method: 'POST', path: '/users', headers: { ...JSON_TYPE, ...alice }, body: [1, 2] },
  {
    method: 'POST',
    path: '/users',
    headers: { ...JSON_TYPE, 'x-mock-session': 'not a name!' },
    body: {},
  },
  get('/users'),
  get('/users', { 'x-mock-session': 'bob' }),
  { method: 'POST', path: '/__reset', headers: alice },
  { method: 'POST', path: '/__reset', headers: { ...alice, ...bearer(TOKEN) } },
  get('/users', alice),
  get('/users/1', alice),
  get('/posts?userId=1', alice),
  { method: 'POST', path: '/__reset' },
  { method: 'GET', path: '/__reset' },
];

/** A fault at 50 %, drawn by `?__seed`: the same seed draws the same on both hosts. */
const COIN_CALLS: Call[] = Array.from({ length: 16 }, (_, index) =>
  get(`/coin?__seed=${index + 1}`),
);

/** The headers whose values must agree (those naming an origin are compared without it). */
const HEADERS = [
  'content-type',
  'content-length',
  'x-mock-response',
  'x-mock-rule',
  'x-mock-fault',
  'x-total-count',
  'x-shop',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'www-authenticate',
  'link',
  'allow',
  'location',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'content-security-policy',
  'x-content-type-options',
];

interface Answered {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

let t: TestApp;
let sink: SmtpSink;
let runner: MockServer;
let slug: string;
let projectId: string;
let apiKey: string;
let serverUrl: string;
let work: string;
const tokenVariables: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  const calls = projectCalls(t.app);
  const { cookie } = await accountSteps(t.app, sink).signUp('ann@parity.test');
  const created = await calls.create(cookie, { name: 'Parity shop' });
  expect(created.statusCode, created.body).toBe(201);
  const project: Project = created.json();
  slug = project.slug;
  projectId = project.id;
  for (const route of ROUTES) {
    const made = await calls.createRoute(cookie, project.id, route);
    expect(made.statusCode, made.body).toBe(201);
  }
  for (const collection of COLLECTIONS) {
    const made = await calls.call(
      'POST',
      `/backend/projects/${project.id}/collections`,
      cookie,
      collection,
    );
    expect(made.statusCode, made.body).toBe(201);
  }
  // The pull: the real command line against the server on a port, with a personal API key.
  const key = await calls.call('POST', '/backend/user/keys', cookie, { name: 'parity' });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json().key;
  serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  work = await mkdtemp(join(tmpdir(), 'mocksmith-parity-'));
  const dir = join(work, 'mocks');
  const pulled = await runCli(['pull', slug, dir], {
    MOCKSMITH_URL: serverUrl,
    MOCKSMITH_TOKEN: apiKey,
  });
  expect(pulled.code, pulled.err).toBe(0);
  // The files name the tokens by variable; where they run, each is set to its value.
  for (const [, name] of pulled.out.matchAll(/^ {2}(MOCKSMITH_TOKEN_\w+) {2}\(/gm)) {
    tokenVariables.push(name as string);
    process.env[name as string] = TOKEN;
  }
  expect(tokenVariables).toHaveLength(2);
  runner = await startMockServer({ dir });
});

afterAll(async () => {
  await runner?.close();
  await t?.close();
  await sink?.close();
  for (const name of tokenVariables) delete process.env[name];
  if (work) await rm(work, { recursive: true, force: true });
});

function picked(get: (name: string) => string | undefined): Answered['headers'] {
  // A project's base URL on either host (the server's `/p/{slug}`, the runner's origin).
  const base = new RegExp(`https?://[^/\\s>]+(?:/p/${slug})?`, 'g');
  return Object.fromEntries(HEADERS.map((name) => [name, get(name)?.replace(base, 'BASE')]));
}

const payloadOf = (call: Call) =>
  call.body === undefined
    ? undefined
    : typeof call.body === 'string'
      ? call.body
      : JSON.stringify(call.body);

async function onServer(call: Call): Promise<Answered> {
  const answer = await t.app.inject({
    method: call.method,
    url: `/p/${slug}${call.path}`,
    headers: call.headers,
    payload: payloadOf(call),
  });
  const header = (name: string) => {
    const value = answer.headers[name];
    return value === undefined ? undefined : String(value);
  };
  return { status: answer.statusCode, headers: picked(header), body: answer.body };
}

async function onRunner(call: Call): Promise<Answered> {
  const answer = await fetch(`${runner.url}${call.path}`, {
    method: call.method,
    headers: call.headers,
    body: payloadOf(call),
  });
  const body = await answer.text();
  const header = (name: string) => answer.headers.get(name) ?? undefined;
  return { status: answer.status, headers: picked(header), body };
}

const STATUSES = [
  200, 200, 200, 200, 410, 410, 410, 404, 400, 404, 404, 200, 200, 405, 405, 204, 200, 200, 404,
  404, 404, 503, 201, 400, 200, 410, 200, 200, 201, 400, 201, 201, 200, 200, 200, 200, 200, 200,
  403, 200, 200, 503, 200, 503, 401, 401, 200, 503, 200, 200, 200, 429, 200, 200, 200, 200, 200,
  200, 200, 200, 200, 200, 200, 200, 400, 200, 404, 404, 200, 200, 200, 200, 200, 400, 200, 204,
  405, 401, 401, 200, 200, 201, 200, 200, 200, 422, 204, 404, 200, 200, 200, 422, 201, 200, 415,
  422, 400, 200, 200, 401, 204, 200, 200, 200, 401, 404,
];

/**
 * Waits for the next minute when this one ends within 5 s: a rate limit counts in windows of the
 * clock's minutes on both hosts, and its calls must all fall in one window.
 */
async function clearOfMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((done) => setTimeout(done, left + 50));
}

describe('the runner serving pulled files and the hosted project', () => {
  it('answer over 100 calls with the same statuses, headers and bytes', async () => {
    const all = [...CALLS, ...COIN_CALLS];
    expect(all.length).toBeGreaterThanOrEqual(100);
    const statuses: number[] = [];
    for (const [index, call] of all.entries()) {
      if (index === all.findIndex((first) => first.path === '/limited')) await clearOfMinuteEnd();
      const server = await onServer(call);
      const local = await onRunner(call);
      const what = `${call.method} ${call.path}`;
      expect({ what, ...local }).toEqual({ what, ...server });
      statuses.push(server.status);
    }
    // What was compared is what each feature answers, not a row of refusals.
    expect(statuses.slice(0, CALLS.length)).toEqual(STATUSES);
    // The seeded coin fell both ways: its draws were compared, not sixteen of one side.
    expect(new Set(statuses.slice(CALLS.length))).toEqual(new Set([200, 503]));
  });

  it('answers a suite’s verification calls at the hosted project’s id', async () => {
    // The suite's own calls: only the base URL differs between the hosts.
    const suite = async (base: string) => {
      const answer = await fetch(
        `${base}/backend/projects/${projectId}/requests/count?path=/orders/*&method=GET`,
        { headers: { authorization: `Bearer ${apiKey}` } },
      );
      return { status: answer.status, body: await answer.json() };
    };
    const orders = CALLS.filter(
      (call) => call.method === 'GET' && call.path.startsWith('/orders/'),
    ).length;
    const expected = { status: 200, body: { count: orders, complete: true, dropped: 0 } };
    expect(await suite(serverUrl)).toEqual(expected);
    expect(await suite(runner.url)).toEqual(expected);
  });
});

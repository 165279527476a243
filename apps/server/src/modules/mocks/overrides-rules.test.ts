/**
 * Issue 30 over HTTP (app.inject), as a caller and an owner see it: the caller's overrides
 * (`?__status`, `Prefer: code / example / dynamic / delay`, `?__delay`) and the owner's switches
 * that turn them off (on the route, on the project), the CORS preflight that lets a browser send
 * them, the route's rules (every source, AND and OR, first match wins, X-Mock-Response and
 * X-Mock-Rule), the rules' checks at save, and rules, network profiles and project settings
 * through the management API. Projects and routes are made through the management API with a
 * real account; a stand-alone API is stored directly.
 */
import { MAX_RULE_MATCH_LENGTH } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let cookie: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  // One delayed call held per client, so that a second one at once shows the delay it asked
  // for in its 429 (see the cap test).
  t = await buildTestApp({ SMTP_URL: sink.url, MOCK_MAX_DELAYED_PER_CLIENT: '1' });
  calls = projectCalls(t.app);
  ({ cookie } = await accountSteps(t.app, sink).signUp('rules@example.test'));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let projects = 0;

/** A project of the account (201 expected), with its settings when given. */
async function newProject(settings?: Record<string, unknown>) {
  const res = await calls.create(cookie, { name: `Overrides ${++projects}` });
  expect(res.statusCode, res.body).toBe(201);
  const project = res.json() as { id: string; slug: string };
  if (settings) {
    const patched = await calls.update(cookie, project.id, { settings });
    expect(patched.statusCode, patched.body).toBe(200);
  }
  return project;
}

/** Adds a route (201 expected); returns its id and request id. */
async function newRoute(projectId: string, body: Record<string, unknown>) {
  const res = await calls.createRoute(cookie, projectId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; requestId: string };
}

const response = (name: string, template: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  status: 200,
  template: JSON.stringify(template),
  ...extra,
});

/**
 * GET /items/{id}: a stored example (literals only, the default), a generated response of the
 * same status, a 404, and a rule (`?tier=gold` picks `gold`) that must hold with overrides off.
 */
const ITEMS = {
  method: 'GET',
  path: '/items/{id}',
  responses: [
    response('stored', { name: 'Stored example' }, { default: true }),
    response('generated', { id: 'uuid', name: 'string.name.fullname' }),
    response('missing', { message: 'no such item' }, { status: 404 }),
    response('gold', { tier: 'gold' }),
  ],
  rules: [
    {
      conditions: [{ source: 'query', name: 'tier', operator: 'equals', value: 'gold' }],
      response: 'gold',
    },
  ],
};

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Milliseconds a call took, and its answer. */
async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await get(url, headers);
  return { res, elapsed: performance.now() - started };
}

describe("a caller's overrides", () => {
  let base: string;
  let items: { id: string; requestId: string };

  beforeAll(async () => {
    const project = await newProject();
    base = `/p/${project.slug}`;
    items = await newRoute(project.id, ITEMS);
  });

  it('answers the default without any', async () => {
    const res = await get(`${base}/items/1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Stored example' });
    expect(res.headers['x-mock-response']).toBe('stored');
    expect(res.headers['x-mock-rule']).toBeUndefined();
  });

  it('names the chosen response on a refusal that comes after the choice', async () => {
    // The engine gives the answer its headers before it renders it (a bad list query is
    // refused while rendering): the refusal carries them, as the answer would have.
    const res = await get(`${base}/items/1?page=abc`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-mock-response']).toBe('stored');
  });

  it('picks the response of a status with ?__status=404 or Prefer: code=404', async () => {
    for (const res of [
      await get(`${base}/items/1?__status=404`),
      await get(`${base}/items/1`, { prefer: 'code=404' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'no such item' });
      expect(res.headers['x-mock-response']).toBe('missing');
    }
  });

  it('answers a status no response has with a generic body, naming no response', async () => {
    for (const res of [
      await get(`${base}/items/1?__status=503`),
      await get(`${base}/items/1`, { prefer: 'code=503' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ statusCode: 503, message: 'Service Unavailable' });
      // The body is none of the route's responses: no X-Mock-Response says one answered.
      expect(res.headers['x-mock-response']).toBeUndefined();
    }
    const teapot = await get(`${base}/items/1?__status=418`);
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ statusCode: 418, message: "I'm a Teapot" });
  });

  it('refuses a status that is not one, naming it', async () => {
    for (const [url, headers, text] of [
      [`${base}/items/1?__status=abc`, {}, 'abc'],
      [`${base}/items/1?__status=99`, {}, '99'],
      [`${base}/items/1`, { prefer: 'code=600' }, '600'],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `"${text}" is not a status to answer with: ask for one from 100 to 599 (Prefer: code=404 or ?__status=404)`,
      );
    }
  });

  it('picks a response by name with Prefer: example=NAME; an unknown name is 400 listing them', async () => {
    const missing = await get(`${base}/items/1`, { prefer: 'example=missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-mock-response']).toBe('missing');
    const quoted = await get(`${base}/items/1`, { prefer: 'example="gold"' });
    expect(quoted.json()).toEqual({ tier: 'gold' });
    const unknown = await get(`${base}/items/1`, { prefer: 'example=nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'This route has no response named "nope" (Prefer: example=nope); its responses: stored (200), generated (200), missing (404), gold (200)',
    );
  });

  it('passes the stored example by for a generated response with Prefer: dynamic=true', async () => {
    const res = await get(`${base}/items/1`, { prefer: 'dynamic=true' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-mock-response']).toBe('generated');
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof body.name).toBe('string');
    // Other values than true change nothing.
    expect((await get(`${base}/items/1`, { prefer: 'dynamic=false' })).json()).toEqual({
      name: 'Stored example',
    });
  });

  it('delays the answer with ?__delay=300 or Prefer: delay=300', async () => {
    for (const [url, headers] of [
      [`${base}/items/1?__delay=300`, {}],
      [`${base}/items/1`, { prefer: 'delay=300' }],
      [`${base}/items/1`, { prefer: 'example=missing, delay=300' }],
    ] as const) {
      const { res, elapsed } = await timed(url, headers);
      expect(res.statusCode).toBeLessThan(500);
      expect(elapsed).toBeGreaterThanOrEqual(299);
    }
  });

  it('refuses a delay that is not a number, naming it', async () => {
    for (const [url, headers, text] of [
      [`${base}/items/1?__delay=abc`, {}, 'abc'],
      [`${base}/items/1?__delay=-5`, {}, '-5'],
      [`${base}/items/1`, { prefer: 'delay=1.5s' }, '1.5s'],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `"${text}" is not a delay: ask for a whole number of milliseconds, at most 10000 (?__delay=1500 or Prefer: delay=1500)`,
      );
    }
  });

  it('caps a delay asked for at 10 s', async () => {
    // This app holds one delayed call per client: while one waits, the next is refused with the
    // time it would have waited, which shows the cap without waiting for it.
    const held = get(`${base}/items/1?__delay=1000`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await get(`${base}/items/1?__delay=999999999`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json().message).toBe(
      'Too many delayed calls at once: at most 1 per client are held for their delay. Try again in 10 seconds',
    );
    expect((await held).statusCode).toBe(200);
  });

  it("honours ?__status and ?__delay on a route's stand-alone URL and a stand-alone API", async () => {
    const standAlone = await get(`/api/${items.requestId}?__status=404`);
    expect(standAlone.statusCode).toBe(404);
    expect(standAlone.json()).toEqual({ message: 'no such item' });
    const api = await insertApi(t.database.db, { template: { id: 'uuid' } });
    const res = await get(`/api/${api.requestId}?__status=404`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'Not Found' });
    const long = await get(`/backend/apitemplate/get/${api.requestId}?__status=500`);
    expect(long.statusCode).toBe(500);
    expect(long.json()).toEqual({ statusCode: 500, message: 'Internal Server Error' });
    const { res: delayed, elapsed } = await timed(`/api/${api.requestId}?__delay=300`);
    expect(delayed.statusCode).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(299);
  });
});

describe('overrides turned off', () => {
  /** Every override asked for at once would change the answer; none does. */
  async function expectIgnored(base: string) {
    for (const [url, headers] of [
      [`${base}/items/1?__status=404`, {}],
      [`${base}/items/1?__status=abc`, {}],
      [`${base}/items/1?__delay=abc`, {}],
      [`${base}/items/1`, { prefer: 'code=404' }],
      [`${base}/items/1`, { prefer: 'example=missing' }],
      [`${base}/items/1`, { prefer: 'example=nope' }],
      [`${base}/items/1`, { prefer: 'dynamic=true' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
      expect(res.json()).toEqual({ name: 'Stored example' });
      expect(res.headers['x-mock-response']).toBe('stored');
    }
    // No delay either: a call that asks for 5 s answers well before.
    const { res, elapsed } = await timed(`${base}/items/1?__delay=5000`, { prefer: 'delay=5000' });
    expect(res.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(4000);
    // The rules still pick.
    const gold = await get(`${base}/items/1?tier=gold&__status=404`, { prefer: 'example=missing' });
    expect(gold.statusCode).toBe(200);
    expect(gold.json()).toEqual({ tier: 'gold' });
    expect(gold.headers['x-mock-response']).toBe('gold');
    expect(gold.headers['x-mock-rule']).toBe('1');
  }

  it('on the route: its answer is the default (or the rule), whatever the caller asks', async () => {
    const project = await newProject();
    await newRoute(project.id, { ...ITEMS, overrides: false });
    await expectIgnored(`/p/${project.slug}`);
  });

  it("on the project: every route's answer is the default (or the rule)", async () => {
    const project = await newProject({ overrides: false });
    await newRoute(project.id, ITEMS);
    await expectIgnored(`/p/${project.slug}`);
  });
});

describe('CORS preflight', () => {
  const preflight = (url: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'prefer, x-mock-session, authorization',
      },
    });

  it('allows Prefer, X-Mock-Session and Authorization on a project URL and a stand-alone URL', async () => {
    const project = await newProject();
    const route = await newRoute(project.id, { ...ITEMS, path: '/x' });
    for (const url of [
      `/p/${project.slug}/x`,
      `/api/${route.requestId}`,
      `/backend/apitemplate/get/${route.requestId}`,
    ]) {
      const res = await preflight(url);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('GET');
      expect(res.headers['access-control-allow-headers']).toBe(
        'prefer, x-mock-session, authorization',
      );
      expect(res.headers['access-control-max-age'], url).toBe('86400');
      // The sandbox too, on a preflight as on every answer of these URLs.
      expect(res.headers['content-security-policy'], url).toContain('sandbox');
    }
    // Every answer lets a browser app read it, and its headers.
    const answer = await t.app.inject({ method: 'GET', url: `/api/${route.requestId}` });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toBe('*');
  });
});

/**
 * POST /orders/{id}: a rule on each source (path parameter, query, header, cookie, JSON body),
 * AND and OR, and a regex that backtracks in a backtracking engine.
 */
const ORDERS = {
  method: 'POST',
  path: '/orders/{id}',
  responses: [
    response('ok', { status: 'placed' }, { default: true }),
    response('vip', { status: 'vip' }),
    response('by-param', { by: 'param' }),
    response('by-query', { by: 'query' }),
    response('by-header', { by: 'header' }),
    response('by-cookie', { by: 'cookie' }),
    response('by-body', { by: 'body' }, { status: 422 }),
    response('french', { by: 'any' }),
    response('repeated', { by: 'regex' }),
  ],
  rules: [
    {
      name: 'Gold plan and a large order',
      combine: 'all',
      conditions: [
        { source: 'header', name: 'X-Plan', operator: 'equals', value: 'gold' },
        { source: 'body', name: '$.total', operator: 'gt', value: '100' },
      ],
      response: 'vip',
    },
    {
      conditions: [{ source: 'param', name: 'id', operator: 'in', values: ['7', '8'] }],
      response: 'by-param',
    },
    {
      combine: 'all',
      conditions: [
        { source: 'query', name: 'debug', operator: 'exists' },
        { source: 'query', name: 'page', operator: 'lte', value: '3' },
      ],
      response: 'by-query',
    },
    {
      conditions: [
        {
          source: 'header',
          name: 'x-client',
          operator: 'regex',
          value: '^mobile-(ios|android)$',
        },
      ],
      response: 'by-header',
    },
    {
      conditions: [{ source: 'cookie', name: 'session', operator: 'startsWith', value: 'beta-' }],
      response: 'by-cookie',
    },
    {
      combine: 'all',
      conditions: [
        { source: 'body', name: 'items[0].sku', operator: 'equals', value: 'A-1' },
        { source: 'body', name: '$.coupon', operator: 'missing' },
      ],
      response: 'by-body',
    },
    {
      name: 'French speakers',
      combine: 'any',
      conditions: [
        { source: 'query', name: 'lang', operator: 'equals', value: 'fr' },
        { source: 'header', name: 'accept-language', operator: 'contains', value: 'fr' },
        { source: 'body', name: '$.customer.country', operator: 'in', values: ['FR', 'BE'] },
      ],
      response: 'french',
    },
    {
      conditions: [{ source: 'body', name: '$.note', operator: 'regex', value: '(a+)+$' }],
      response: 'repeated',
    },
  ],
};

describe('rules', () => {
  let base: string;
  let projectId: string;

  beforeAll(async () => {
    const project = await newProject();
    projectId = project.id;
    base = `/p/${project.slug}`;
    await newRoute(project.id, ORDERS);
  });

  const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${base}${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  /** The answer names the response and the rule (its name, else its place), or no rule. */
  function expectPicked(
    res: Awaited<ReturnType<typeof post>>,
    responseName: string,
    rule: number | string | undefined,
  ) {
    expect(res.headers['x-mock-response']).toBe(responseName);
    expect(res.headers['x-mock-rule']).toBe(rule === undefined ? undefined : String(rule));
  }
  /** Rules 1 and 7 of ORDERS have names, which X-Mock-Rule gives; the others give their place. */
  const GOLD = 'Gold plan and a large order';
  const FRENCH = 'French speakers';

  it("answers the matching rule's response, naming it and the rule", async () => {
    const cases: [string, unknown, Record<string, string>, string, number | string, unknown][] = [
      ['/orders/1', { total: 250 }, { 'x-plan': 'gold' }, 'vip', GOLD, { status: 'vip' }],
      ['/orders/8', {}, {}, 'by-param', 2, { by: 'param' }],
      ['/orders/1?debug&page=2', {}, {}, 'by-query', 3, { by: 'query' }],
      ['/orders/1', {}, { 'X-Client': 'mobile-ios' }, 'by-header', 4, { by: 'header' }],
      [
        '/orders/1',
        {},
        { cookie: 'theme=dark; session=beta-42' },
        'by-cookie',
        5,
        { by: 'cookie' },
      ],
      ['/orders/1', { items: [{ sku: 'A-1' }] }, {}, 'by-body', 6, { by: 'body' }],
      ['/orders/1?lang=fr', {}, {}, 'french', FRENCH, { by: 'any' }],
      ['/orders/1', {}, { 'accept-language': 'fr-CA,en;q=0.5' }, 'french', FRENCH, { by: 'any' }],
      ['/orders/1', { customer: { country: 'BE' } }, {}, 'french', FRENCH, { by: 'any' }],
      ['/orders/1', { note: 'aaaa' }, {}, 'repeated', 8, { by: 'regex' }],
    ];
    for (const [path, body, headers, name, rule, answer] of cases) {
      const res = await post(path, body, headers);
      expect(res.json(), `${path} ${JSON.stringify({ body, headers })}`).toEqual(answer);
      expectPicked(res, name, rule);
    }
    expect((await post('/orders/1', { items: [{ sku: 'A-1' }] })).statusCode).toBe(422);
  });

  it('answers the default, with no X-Mock-Rule, when no rule matches', async () => {
    const cases: [string, unknown, Record<string, string>][] = [
      ['/orders/1', {}, {}],
      // AND: one condition alone is not enough.
      ['/orders/1', { total: 50 }, { 'x-plan': 'gold' }],
      ['/orders/1', { total: 250 }, { 'x-plan': 'silver' }],
      ['/orders/1?debug&page=4', {}, {}],
      ['/orders/1', { items: [{ sku: 'A-1' }], coupon: 'SPRING' }, {}],
      // Near misses of each source.
      ['/orders/9', {}, {}],
      ['/orders/1', {}, { 'x-client': 'mobile-ios-beta' }],
      ['/orders/1', {}, { cookie: 'session=alpha-1' }],
      ['/orders/1?lang=de', { customer: { country: 'DE' } }, { 'accept-language': 'de' }],
      // A body that is not JSON has no fields.
      ['/orders/1', 'total=250', { 'x-plan': 'gold' }],
    ];
    for (const [path, body, headers] of cases) {
      const res = await post(path, body, headers);
      expect(res.statusCode, `${path} ${JSON.stringify({ body, headers })}`).toBe(200);
      expect(res.json()).toEqual({ status: 'placed' });
      expectPicked(res, 'ok', undefined);
    }
  });

  it('lets the first matching rule pick', async () => {
    // Rules 1, 2, 4, 5 and 7 all match: the first wins.
    const all = await post(
      '/orders/7?lang=fr',
      { total: 500 },
      { 'x-plan': 'gold', 'x-client': 'mobile-android', cookie: 'session=beta-1' },
    );
    expectPicked(all, 'vip', GOLD);
    // Without the gold plan, rule 2 is the first.
    const next = await post(
      '/orders/7?lang=fr',
      { total: 500 },
      { 'x-client': 'mobile-android', cookie: 'session=beta-1' },
    );
    expectPicked(next, 'by-param', 2);
  });

  it("answers a response's header condition after the owner's rules, naming no rule for it", async () => {
    const target = (value: string) => ({ when: { header: 'X-Amz-Target', equals: value } });
    await newRoute(projectId, {
      method: 'POST',
      path: '/rpc',
      responses: [
        response('Detail', { op: 'detail' }, { default: true, ...target('Svc.Detail') }),
        response('List', { op: 'list' }, target('Svc.List')),
        response('Dry', { op: 'dry' }),
      ],
      rules: [
        {
          conditions: [{ source: 'query', name: 'page', operator: 'exists' }],
          response: 'List',
        },
        {
          conditions: [{ source: 'header', name: 'x-dry-run', operator: 'exists' }],
          response: 'Dry',
        },
      ],
    });
    const listed = await post('/rpc', {}, { 'x-amz-target': 'Svc.List' });
    expect(listed.json()).toEqual({ op: 'list' });
    expectPicked(listed, 'List', undefined);
    // The owner's second rule wins over the header condition, and keeps its number.
    const dry = await post('/rpc', {}, { 'x-amz-target': 'Svc.List', 'x-dry-run': '1' });
    expect(dry.json()).toEqual({ op: 'dry' });
    expectPicked(dry, 'Dry', 2);
    // The value is compared exactly; none met, the default answers.
    const other = await post('/rpc', {}, { 'x-amz-target': 'svc.list' });
    expect(other.json()).toEqual({ op: 'detail' });
    expectPicked(other, 'Detail', undefined);
  });

  it('answers at once with (a+)+$ against a 4 KB body field (the longest a regex reads)', async () => {
    for (const [note, name] of [
      [`${'a'.repeat(MAX_RULE_MATCH_LENGTH - 1)}!`, 'ok'],
      ['a'.repeat(MAX_RULE_MATCH_LENGTH), 'repeated'],
      // Longer, a regex never matches it.
      ['a'.repeat(MAX_RULE_MATCH_LENGTH + 1), 'ok'],
    ] as const) {
      const started = performance.now();
      const res = await post('/orders/1', { note });
      const elapsed = performance.now() - started;
      console.log(`(a+)+$ against ${note.length} characters: ${elapsed.toFixed(1)} ms over HTTP`);
      expectPicked(res, name, name === 'ok' ? undefined : 8);
      // A backtracking engine would take longer than the age of the universe here.
      expect(elapsed).toBeLessThan(1000);
    }
  });

  describe('checked when saved', () => {
    /** A route of ORDERS with `rules`, refused with 400 and `message`. */
    async function expectRefused(rules: unknown[], message: string | RegExp) {
      const res = await calls.createRoute(cookie, projectId, {
        ...ORDERS,
        path: '/refused/{id}',
        rules,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }

    it("refuses a backreference, with RE2's reason", async () => {
      await expectRefused(
        [
          {
            conditions: [{ source: 'body', name: 'note', operator: 'regex', value: '(a)\\1' }],
            response: 'ok',
          },
        ],
        '$.rules[0].conditions[0].value: the regex /(a)\\1/ cannot be used: invalid escape sequence: `\\1` (backreferences such as \\1 are not supported: rules match in linear time)',
      );
    });

    it('refuses a rule that picks a response the route lacks, naming those it has', async () => {
      await expectRefused(
        [
          {
            conditions: [{ source: 'query', name: 'x', operator: 'exists' }],
            response: 'nope',
          },
        ],
        '$.rules[0].response: the rule picks "nope", which is not a response of this route; its responses: ok, vip, by-param, by-query, by-header, by-cookie, by-body, french, repeated',
      );
    });

    it('refuses a rule on a parameter the path lacks, naming those it has', async () => {
      await expectRefused(
        [
          {
            conditions: [{ source: 'param', name: 'orderId', operator: 'exists' }],
            response: 'ok',
          },
        ],
        '$.rules[0].conditions[0].name: the path has no parameter "orderId"; its parameters: id',
      );
    });

    it('refuses a comparison of numbers with a value that is not one', async () => {
      await expectRefused(
        [
          {
            conditions: [{ source: 'body', name: '$.total', operator: 'gt', value: 'lots' }],
            response: 'ok',
          },
        ],
        'rules.0.conditions.0.value: gt compares numbers: "lots" is not a number (such as 10 or 2.5)',
      );
    });
  });
});

describe('the management API', () => {
  it("keeps a route's rules, network profile and overrides switch as sent", async () => {
    const project = await newProject();
    const network = {
      latency: { kind: 'lognormal', p50: 800, p95: 3000 },
      fault: { percent: 10, kind: 'status', status: 503 },
      rateLimit: { limit: 10, per: 'minute' },
    };
    const route = await newRoute(project.id, { ...ORDERS, network, overrides: false });
    const read = await calls.getRoute(cookie, project.id, route.id);
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json();
    expect(body.network).toEqual(network);
    expect(body.overrides).toBe(false);
    // Stored as sent, `combine` made explicit (all unless any).
    expect(body.rules).toEqual(ORDERS.rules.map((rule) => ({ combine: 'all', ...rule })));
    // An update changes them; the project's page shows the same.
    const updated = await calls.updateRoute(cookie, project.id, route.id, {
      ...ORDERS,
      rules: [],
      network: null,
      overrides: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const detail = (await calls.get(cookie, project.id)).json();
    expect(detail.routes[0]).toMatchObject({ rules: [], network: null, overrides: true });
  });

  it("refuses a network profile's wrong figures, naming the field", async () => {
    const project = await newProject();
    const res = await calls.createRoute(cookie, project.id, {
      ...ITEMS,
      network: { latency: { kind: 'lognormal', p50: 800, p95: 300 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'network.latency.p95: p95 (300 ms) must be at least p50 (800 ms): 95 % of calls cannot be faster than half of them',
    );
  });

  it("keeps a project's settings, which reach its mock URL at once", async () => {
    const project = await newProject();
    await newRoute(project.id, ITEMS);
    const url = `/p/${project.slug}/items/1`;
    // Before: overrides on, no profile.
    expect((await get(`${url}?__status=404`)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(200);

    const settings = {
      overrides: false,
      network: {
        latency: { kind: 'none' },
        fault: { percent: 100, kind: 'status', status: 502 },
        rateLimit: null,
      },
      replay: true,
    };
    const patched = await calls.update(cookie, project.id, { settings });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().settings).toMatchObject(settings);
    expect((await calls.get(cookie, project.id)).json().settings).toMatchObject(settings);
    // At once: the overrides are ignored and every call gets the injected 502.
    const after = await get(`${url}?__status=404`);
    expect(after.statusCode).toBe(502);
    expect(after.headers['x-mock-fault']).toBe('502');

    // Turned back on: a caller's status again, and no fault in its place.
    const back = await calls.update(cookie, project.id, {
      settings: { ...settings, overrides: true },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await get(`${url}?__status=404`)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(502);
  });
});

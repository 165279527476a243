/**
 * Property-based fuzzing of every body the /backend API reads and of the public mock endpoints'
 * query strings and headers: whatever arrives, the answer is never a 5xx, every refusal is the
 * app's error body naming the problem, and the server still answers afterwards. A fixed seed and
 * a few hundred cases in `npm test`; `npm run fuzz` runs 100,000 (FUZZ_RUNS, FUZZ_SEED).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { insertApi } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { multipartBody } from '../../test/openapi.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

/** Cases per property: FUZZ_RUNS spread over the properties below (14). */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const PROPERTIES = 14;
const runs = Math.max(10, Math.ceil(TOTAL_RUNS / PROPERTIES));
const settings = { seed: SEED, numRuns: runs, endOnFailure: true };

let t: TestApp;
let sink: SmtpSink;
let cookie = '';
let userId = '';
let apiId = '';
let requestId = '';
let tokenRequestId = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  const signedUp = await accountSteps(t.app, sink).signUp('fuzz@example.test');
  cookie = signedUp.cookie;
  userId = signedUp.user.userId;
  const created = await t.app.inject({
    method: 'POST',
    url: '/backend/crud/user',
    headers: { cookie },
    payload: { name: 'Fuzzed', requestEnum: 'GET', template: '{"id":"uuid","n":"number"}' },
  });
  apiId = created.json().id;
  requestId = created.json().requestId;
  tokenRequestId = (
    await insertApi(t.database.db, {
      template: { users: [{ __multiply: '5-5', id: 'uuid' }] },
      authToken: 'mck_fuzz-token',
      customEndpoint: '/users/{id}',
    })
  ).requestId;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Percent-encodes every byte of the string's UTF-8 (a lone surrogate becomes U+FFFD's bytes). */
const encode = (value: string) =>
  [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** An answer a hostile input may get: anything but a 5xx, and a refusal that names its problem. */
function expectHandled(answer: LightMyRequestResponse, what: string): void {
  if (answer.statusCode >= 500) {
    throw new Error(`${what} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  }
  if (answer.statusCode >= 400 && answer.statusCode !== 405) {
    let body: { message?: unknown; code?: unknown };
    try {
      body = answer.json();
    } catch {
      throw new Error(
        `${what} answered ${answer.statusCode} without a JSON body: ${answer.body.slice(0, 200)}`,
      );
    }
    if (typeof body.message !== 'string' || body.message.trim() === '') {
      throw new Error(
        `${what} answered ${answer.statusCode} without a message: ${answer.body.slice(0, 200)}`,
      );
    }
  }
}

/** Strings that hostile clients send: unicode, NUL and other controls, long runs, markup. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    "' or 1=1 --",
    '__proto__',
    'constructor',
    '',
    ' ',
    '-1',
    '1e309',
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);

/** A JSON value shaped like `valid`, each field kept, dropped or replaced by something hostile. */
function mutationsOf(valid: Record<string, unknown>) {
  const fields = Object.keys(valid);
  return fc
    .record(
      Object.fromEntries(
        fields.map((field) => [
          field,
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(valid[field]) },
            fc.constant(undefined),
            nastyString,
            fc.jsonValue({ maxDepth: 3 }),
          ),
        ]),
      ),
    )
    .map((value) => JSON.stringify(value));
}

/** A body: a mutation of a valid one, any JSON value, or raw text that is not JSON at all. */
function bodies(valid: Record<string, unknown>) {
  return fc.oneof(
    { weight: 4, arbitrary: mutationsOf(valid) },
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom(
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"a":',
      '',
      'null',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
      `{"template":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    ),
    nastyString,
  );
}

const template = JSON.stringify({ id: 'uuid', items: [{ __multiply: '1-3', name: 'string' }] });

/** Every /backend body the app reads, with a valid body to mutate. */
const CALLS: {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  valid: () => Record<string, unknown>;
  signedIn: boolean;
}[] = [
  {
    name: 'preview',
    method: 'POST',
    url: () => '/backend/apitemplate/preview',
    valid: () => ({ template: JSON.parse(template) }),
    signedIn: false,
  },
  {
    name: 'infer a template',
    method: 'POST',
    url: () => '/backend/templates/infer',
    valid: () => ({ sample: JSON.parse(template) }),
    signedIn: false,
  },
  {
    name: 'anonymous create',
    method: 'POST',
    url: () => '/backend/crud',
    valid: () => ({ template, name: 'x', requestEnum: 'GET' }),
    signedIn: false,
  },
  {
    name: 'user create',
    method: 'POST',
    url: () => '/backend/crud/user',
    valid: () => ({
      template,
      name: 'x',
      requestEnum: 'GET',
      customEndpoint: '/x',
      option: { delay: 0, httpCode: 200 },
    }),
    signedIn: true,
  },
  {
    name: 'update',
    method: 'PUT',
    url: () => '/backend/template',
    valid: () => ({ id: apiId, requestId, userId, name: 'Fuzzed', template, requestEnum: 'GET' }),
    signedIn: true,
  },
  {
    name: 'register',
    method: 'POST',
    url: () => '/backend/user/register',
    valid: () => ({ email: 'x@example.test', password: 'a-long-password', username: 'X' }),
    signedIn: false,
  },
  {
    name: 'login',
    method: 'POST',
    url: () => '/backend/user/login',
    valid: () => ({ email: 'fuzz@example.test', password: 'wrong-password' }),
    signedIn: false,
  },
  {
    name: 'forgot password',
    method: 'POST',
    url: () => '/backend/user/forgot-password',
    valid: () => ({ email: 'nobody@example.test' }),
    signedIn: false,
  },
  {
    name: 'gallery report',
    method: 'POST',
    url: () => `/backend/templates-gallery/${apiId}/report`,
    valid: () => ({ reason: 'illegal', note: 'x' }),
    signedIn: true,
  },
];

describe('every /backend body', () => {
  for (const call of CALLS) {
    it(`${call.name}: no 5xx, every refusal names its problem`, async () => {
      await fc.assert(
        fc.asyncProperty(bodies(call.valid()), async (payload) => {
          const answer = await t.app.inject({
            method: call.method,
            url: call.url(),
            headers: { 'content-type': 'application/json', ...(call.signedIn ? { cookie } : {}) },
            payload,
          });
          expectHandled(answer, `${call.method} ${call.url()} ${payload.slice(0, 120)}`);
        }),
        settings,
      );
    });
  }

  it('OpenAPI import: no 5xx for any file', async () => {
    const files = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? ''),
      nastyString,
      fc.constantFrom(
        'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {/a: {get: {responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Missing"}}}}}}}}',
        'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}',
        'swagger: "2.0"\ninfo: {title: x, version: "1"}\npaths: {/a: {get: {responses: {"200": {description: ok, schema: {type: array, items: {$ref: "#/definitions/A"}}}}}}}\ndefinitions: {A: {type: object, properties: {a: {$ref: "#/definitions/A"}}}}',
        '&a [*a, *a, *a]',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        files,
        fc.constantFrom('spec.yaml', 'spec.json', 'spec.txt'),
        async (file, fileName) => {
          const { body, contentType } = multipartBody(file, { fileName, username: userId });
          const answer = await t.app.inject({
            method: 'POST',
            url: '/backend/crud/openapi',
            payload: body,
            headers: { 'content-type': contentType, cookie },
          });
          expectHandled(answer, `import ${fileName} ${file.slice(0, 80)}`);
        },
      ),
      { ...settings, numRuns: Math.max(5, Math.ceil(runs / 4)) },
    );
  });
});

describe("a project's base URL", () => {
  let slug = '';
  beforeAll(async () => {
    const project = await t.app.inject({
      method: 'POST',
      url: '/backend/projects',
      headers: { cookie },
      payload: { name: 'Fuzzed project' },
    });
    slug = project.json().slug;
    const route = (method: string, path: string, template: unknown, extra = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/backend/projects/${project.json().id}/routes`,
        headers: { cookie },
        payload: {
          method,
          path,
          responses: [
            { name: 'ok', template: JSON.stringify(template) },
            { name: 'gone', status: 404, template: '{"message":"gone"}' },
          ],
          ...extra,
        },
      });
    await route('GET', '/users/{id:integer}', {
      id: '{{request.params.id}}',
      q: '{{request.query.q}}',
    });
    await route('POST', '/users', { echo: '{{request.body}}', name: 'Hi {{request.body.name}}' });
    await route('GET', '/files/*', {
      tail: '{{request.params.tail}}',
      h: '{{request.headers.x-a}}',
    });
    await route('PUT', '/rotate/{x}', ['uuid'], { responseMode: 'random' });
  });

  it('any path, method, Prefer, headers and body: no 5xx', async () => {
    const segment = fc.oneof(
      fc.constantFrom('users', 'files', 'rotate', '1', '-2', '1e400', '%', '%2F', '%00', '..', ''),
      nastyString.map(encode),
    );
    const paths = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');
    const prefer = fc.oneof(
      fc.constantFrom(
        'example=ok',
        'example=gone',
        'code=404',
        'code=abc',
        'example="',
        'code=',
        '',
      ),
      fc.string({ maxLength: 40 }).filter((value) => /^[\t\x20-\x7e]*$/.test(value)),
    );
    const body = fc.oneof(
      fc.json({ maxDepth: 3 }),
      nastyString,
      fc.constant('{"name":'),
      fc.constant(JSON.stringify({ name: 'x'.repeat(70_000) })),
    );
    const types = fc.constantFrom(
      'application/json',
      'application/problem+json',
      'text/plain',
      'application/x-www-form-urlencoded',
    );
    await fc.assert(
      fc.asyncProperty(
        paths,
        methods,
        prefer,
        body,
        types,
        async (path, method, wanted, payload, type) => {
          const carries = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
          const answer = await t.app.inject({
            method: method as 'GET',
            url: `/p/${slug}${path}?q=${encode(path)}`,
            headers: { prefer: wanted, 'x-a': 'b', ...(carries ? { 'content-type': type } : {}) },
            ...(carries ? { payload } : {}),
          });
          if (method === 'HEAD' || method === 'OPTIONS') {
            expect(answer.statusCode).toBeLessThan(500);
            return;
          }
          expectHandled(answer, `${method} /p/${slug}${path} Prefer: ${wanted}`);
        },
      ),
      settings,
    );
  });
});

describe("a project's collections", () => {
  let slug = '';
  beforeAll(async () => {
    const project = await t.app.inject({
      method: 'POST',
      url: '/backend/projects',
      headers: { cookie },
      payload: { name: 'Fuzzed collections' },
    });
    slug = project.json().slug;
    const collection = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/backend/projects/${project.json().id}/collections`,
        headers: { cookie },
        payload,
      });
    const people = await collection({
      name: 'people',
      template: { id: 'number', name: 'string.name.fullname', email: 'email', tags: ['string'] },
      count: 30,
      cascade: true,
    });
    expect(people.statusCode, people.body).toBe(201);
    const orders = await collection({
      name: 'orders',
      template: { id: 'uuid', peopleId: 'ref:people.id', total: 'number', note: 'string' },
      count: 40,
      unknownFields: 'keep',
    });
    expect(orders.statusCode, orders.body).toBe(201);
  });

  it('any path, method, session, query and body: no 5xx', async () => {
    const statuses = new Map<number, number>();
    const segment = fc.oneof(
      fc.constantFrom(
        'people',
        'orders',
        '__reset',
        '1',
        '30',
        '0',
        '-1',
        '1.5',
        '9007199254740993',
      ),
      fc.uuid().map(String),
      nastyString.map(encode),
    );
    const paths = fc.oneof(
      fc.constantFrom('/people', '/orders', '/people/1', '/people/2', '/people/30', '/__reset'),
      fc.tuple(fc.constantFrom('/people/', '/orders/'), segment).map(([list, id]) => list + id),
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join('/')}`),
    );
    const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD');
    const sessions = fc.oneof(
      fc.constantFrom(undefined, '', 'ci-1', 'ci-2', 'a'.repeat(65), 'bad name', '..'),
      fc.string({ maxLength: 70 }).filter((value) => /^[\t\x20-\x7e]*$/.test(value)),
    );
    const queries = fc.oneof(
      fc.constantFrom(
        '',
        '_expand=people',
        '_embed=orders',
        '_expand=nobody',
        '_page=2&_limit=5',
        '_page=0',
        '_sort=total&_order=desc',
        'total_gte=10&q=a',
        'name_like=%5B',
        '_start=5&_end=2',
        'sort=name:desc&page=2&limit=3',
        '__session=ci-3',
      ),
      nastyString.map((value) => `q=${encode(value)}&${encode(value)}=1`),
    );
    const body = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.constantFrom(
        JSON.stringify({ name: 'Ann', email: 'ann@example.com', tags: ['a'] }),
        JSON.stringify({ peopleId: 3, total: 12, note: 'x', extra: true }),
      ),
      fc
        .record(
          {
            id: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.uuid().map(String), fc.string()),
            name: fc.oneof(fc.string(), fc.integer()),
            email: fc.oneof(fc.emailAddress(), fc.string()),
            tags: fc.array(fc.string(), { maxLength: 3 }),
            peopleId: fc.integer({ min: 1, max: 40 }),
            total: fc.oneof(fc.integer(), fc.double()),
            note: fc.string(),
          },
          // Any of the fields may be missing (a PATCH, an id the server gives, a refusal).
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
      nastyString,
      fc.constant('{"name":'),
      fc.constant(JSON.stringify({ name: 'x'.repeat(70_000) })),
    );
    const types = fc.constantFrom('application/json', 'text/plain', 'application/merge-patch+json');
    await fc.assert(
      fc.asyncProperty(
        paths,
        methods,
        sessions,
        queries,
        body,
        types,
        async (path, method, session, query, payload, type) => {
          const carries = method !== 'GET' && method !== 'HEAD';
          const answer = await t.app.inject({
            method: method as 'GET',
            url: `/p/${slug}${path}?${query}`,
            headers: {
              ...(session === undefined ? {} : { 'x-mock-session': session }),
              ...(carries ? { 'content-type': type } : {}),
            },
            ...(carries ? { payload } : {}),
          });
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          if (method === 'HEAD') {
            expect(answer.statusCode).toBeLessThan(500);
            return;
          }
          expectHandled(answer, `${method} ${path}?${query} session ${session}`);
        },
      ),
      settings,
    );
    // The calls reached the collections (a wrong slug would answer 404 to all of them).
    expect(statuses.get(200), 'records answered').toBeGreaterThan(0);
  });
});

describe('the public mock endpoints', () => {
  const queryPart = fc.oneof(
    fc.constantFrom('page', 'limit', 'sort', 'order', 'seed', '__proto__', 'a[b]', ''),
    fc.string({ maxLength: 10 }),
  );
  const queries = fc
    .array(fc.tuple(queryPart, nastyString), { maxLength: 6 })
    .map((pairs) => pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&'));

  it('any query string: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queries, fc.constantFrom(requestId, tokenRequestId), async (query, id) => {
        const answer = await t.app.inject({ url: `/api/${id}?${query}` });
        expectHandled(answer, `GET /api/${id}?${query.slice(0, 120)}`);
      }),
      settings,
    );
  });

  it('any headers, paths and methods: no 5xx', async () => {
    const headerValue = fc
      .string({ maxLength: 200 })
      .filter((value) => /^[\t\x20-\x7e]*$/.test(value));
    const headers = fc.dictionary(
      fc.constantFrom(
        'authorization',
        'accept',
        'accept-encoding',
        'origin',
        'content-type',
        'if-none-match',
        'x-forwarded-for',
        'range',
        'cookie',
      ),
      fc.oneof(headerValue, fc.constant('Bearer mck_fuzz-token'), fc.constant('Bearer ')),
    );
    const paths = fc.oneof(
      fc.constant(`/api/${tokenRequestId}/users/1`),
      fc.string({ maxLength: 30 }).map((rest) => `/api/${tokenRequestId}/${encode(rest)}`),
      fc.string({ maxLength: 30 }).map((id) => `/api/${encode(id)}`),
      fc.constantFrom(
        '/backend/apitemplate/get/x',
        `/backend/apitemplate/post/${requestId}`,
        '/api/%',
        '/api/%00',
      ),
    );
    const methods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH');
    await fc.assert(
      fc.asyncProperty(paths, methods, headers, async (path, method, given) => {
        const answer = await t.app.inject({ method: method as 'GET', url: path, headers: given });
        if (method === 'HEAD' || method === 'OPTIONS') {
          expect(answer.statusCode).toBeLessThan(500);
          return;
        }
        expectHandled(answer, `${method} ${path}`);
      }),
      settings,
    );
  });

  it('any template saved and called: no 5xx', async () => {
    const leaf = fc.oneof(
      fc.constantFrom(
        'uuid',
        'string',
        'number',
        'email',
        'string.name.fullname',
        'number.money.price',
        'not.a.type',
        'date',
      ),
      nastyString,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    const { node } = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.dictionary(fc.string({ maxLength: 8 }), tie('node'), { maxKeys: 4 }),
        fc
          .tuple(
            fc.dictionary(fc.string({ maxLength: 8 }), tie('node'), { maxKeys: 3 }),
            fc.oneof(
              fc.constantFrom('1-3', '0-0', '5-1', '1-100000', 'x', '-1-2', '1.5-2'),
              nastyString,
            ),
          )
          .map(([object, multiply]) => [{ ...object, __multiply: multiply }]),
      ),
    }));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 8 }), node, { minKeys: 1, maxKeys: 4 }),
        async (value) => {
          const text = JSON.stringify(value);
          const saved = await t.app.inject({
            method: 'POST',
            url: '/backend/crud/user',
            headers: { cookie },
            payload: { name: 'Fuzz', requestEnum: 'GET', template: text },
          });
          expectHandled(saved, `save ${text.slice(0, 120)}`);
          if (saved.statusCode !== 201) return;
          const called = await t.app.inject({ url: `/api/${saved.json().requestId}` });
          expectHandled(called, `call ${text.slice(0, 120)}`);
          await t.app.inject({
            method: 'DELETE',
            url: '/backend/template',
            headers: { cookie },
            payload: { idTemplate: saved.json().id, userId },
          });
        },
      ),
      settings,
    );
  });

  it('still answers health after all of it', async () => {
    expect((await t.app.inject({ url: '/backend/health' })).statusCode).toBe(200);
  });
});

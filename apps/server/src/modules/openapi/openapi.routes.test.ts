/**
 * POST /backend/crud/openapi over HTTP with the real database: uploads of each version and
 * format, refused files, ownership, one transaction, the rate limits, and the APIs it creates
 * answering on their public URLs (path parameters included).
 */
import {
  type ImportedApi,
  importResultSchema,
  importTexts,
  openApiMessages,
} from '@mocksmith/core';
import { count, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';
import {
  multipartBody,
  PETS_YAML,
  schemaBomb,
  skippedOf,
  TODOS_31_JSON,
  USERS_SWAGGER2_YAML,
  upload,
} from '../../../test/openapi.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls } from '../../../test/user-apis.ts';
import { apis } from '../../db/schema/apis.ts';

let t: TestApp;
let sink: SmtpSink;
let ann: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  const steps = accountSteps(t.app, sink);
  const signUp = async (email: string) => {
    const { cookie, user } = await steps.signUp(email);
    return { cookie, userId: user.userId };
  };
  ann = await signUp('ann@example.test');
  bob = await signUp('bob@example.test');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const byName = (list: ImportedApi[], name: string) => {
  const api = list.find((entry) => entry.name === name);
  expect(api, name).toBeDefined();
  return api!;
};

const call = (method: string, link: string, suffix = '') =>
  t.app.inject({ method: method as 'GET', url: `${pathOf(link)}${suffix}` });

async function apiCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(apis);
  return row!.n;
}

describe('importing OpenAPI 3.0 YAML, signed in', () => {
  let list: ImportedApi[];
  let response: Awaited<ReturnType<typeof upload>>;
  beforeAll(async () => {
    response = await upload(t.app, PETS_YAML, { cookie: ann.cookie, username: bob.userId });
    list = response.json();
  });

  it('answers 201 with the spec’s list of {name, link}, one per GET/POST/PUT/DELETE operation', () => {
    expect(response.statusCode).toBe(201);
    expect(importResultSchema.parse(list)).toHaveLength(4);
    expect(list.map((api) => [api.name, api.method, api.customEndpoint, api.httpCode])).toEqual([
      ['listPets', 'GET', '/pets', 200],
      ['Add a pet', 'POST', '/pets', 201],
      ['showPet', 'GET', '/pets/{petId}', 200],
      ['deletePet', 'DELETE', '/pets/{petId}', 204],
    ]);
    for (const api of list) {
      expect(api.link).toBe(
        `http://mocksmith.test/backend/apitemplate/${api.method.toLowerCase()}/${api.requestId}${api.customEndpoint}`,
      );
    }
  });

  it('reports what each body came from, and lists the skipped PATCH in a header', () => {
    expect(byName(list, 'Add a pet').report.source).toBe('example');
    expect(byName(list, 'showPet').report.source).toBe('schema');
    expect(byName(list, 'deletePet').report.source).toBe('none');
    expect(skippedOf(response)).toEqual([
      { method: 'PATCH', path: '/pets/{petId}', reason: expect.stringMatching(/PATCH/) },
    ]);
    expect(response.headers['x-import-skipped-count']).toBe('1');
  });

  it('cuts the circular Pet -> Person -> Pet reference and says where', async () => {
    const show = byName(list, 'showPet');
    expect(show.report.recursionCut.length).toBeGreaterThan(0);
    const res = await call('GET', show.link.replace('{petId}', '42'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.owner.email).toMatch(/@/);
  });

  it('serves the example as it is, with the operation’s status', async () => {
    const res = await call('POST', byName(list, 'Add a pet').link);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 7, name: 'Rex' });
  });

  it('gives the APIs to the session’s user, whatever `username` says', async () => {
    const calls = apiCalls(t.app);
    const mine = (await calls.list(ann.cookie, ann.userId)).json() as { requestId: string }[];
    const ids = mine.map((api) => api.requestId);
    for (const api of list) expect(ids).toContain(api.requestId);
    const bobs = (await calls.list(bob.cookie, bob.userId)).json() as unknown[];
    expect(bobs).toEqual([]);
  });

  it('keeps each operation’s summary as the description of its API', async () => {
    const mine = (await apiCalls(t.app).list(ann.cookie, ann.userId)).json() as {
      requestId: string;
      description: string | null;
    }[];
    const added = mine.find((api) => api.requestId === byName(list, 'Add a pet').requestId);
    expect(added?.description).toBe('Add a pet');
  });

  it('writes one Recent Activity entry per created API', async () => {
    const res = await apiCalls(t.app).history(ann.cookie, 'ann@example.test');
    const messages = (res.json().messageHistoryList as { message: string }[]).map((e) => e.message);
    expect(messages).toContain('Created API "showPet" (GET /pets/{petId})');
  });

  it('skips, on a second import of the same file, the endpoints the user has already', async () => {
    const again = await upload(t.app, PETS_YAML, { cookie: ann.cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(openApiMessages.noOperations);
    expect(again.json().details.skipped).toContainEqual({
      method: 'GET',
      path: '/pets',
      reason: 'You have a GET API at /pets already',
    });
  });
});

describe('path parameters of custom endpoints', () => {
  let show: ImportedApi;
  beforeAll(async () => {
    const res = await upload(t.app, PETS_YAML, { cookie: bob.cookie });
    show = byName(res.json(), 'showPet');
  });

  it('lets /pets/{petId} answer /pets/42 and /pets/{petId} itself', async () => {
    expect((await call('GET', show.link.replace('{petId}', '42'))).statusCode).toBe(200);
    expect((await call('GET', show.link.replace('{petId}', 'a-b.c'))).statusCode).toBe(200);
    expect((await call('GET', show.link)).statusCode).toBe(200);
  });

  it('answers 404 for a path of another shape', async () => {
    for (const path of ['/pets/4/2', '/pets', '/cats/42', '/pets/42/x']) {
      const res = await call('GET', show.link.replace('/pets/{petId}', path));
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('ENDPOINT_NOT_FOUND');
    }
  });

  it('accepts a {param} endpoint typed by a user and refuses stray braces', async () => {
    const calls = apiCalls(t.app);
    const ok = await calls.create(ann.cookie, { customEndpoint: 'orders/{orderId}/lines' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().link).toMatch(/\/orders\/\{orderId\}\/lines$/);
    const answer = await t.app.inject({
      method: 'GET',
      url: pathOf(ok.json().link).replace('{orderId}', '981'),
    });
    expect(answer.statusCode).toBe(200);
    for (const customEndpoint of ['/orders/{', '/orders/{}', '/orders/{a/b}', '/o/{{x}}']) {
      const bad = await calls.create(ann.cookie, { customEndpoint });
      expect(bad.statusCode, customEndpoint).toBe(400);
      expect(bad.json().message).toMatch(/Custom endpoint must be/);
    }
  });
});

describe('other versions and formats', () => {
  it('imports OpenAPI 3.1 JSON (by its .json name, sent as octet-stream)', async () => {
    const res = await upload(t.app, TODOS_31_JSON, {
      cookie: bob.cookie,
      fileName: 'todos.json',
      contentType: 'application/octet-stream',
    });
    expect(res.statusCode).toBe(201);
    const list: ImportedApi[] = res.json();
    expect(list.map((api) => [api.name, api.method])).toEqual([
      ['listTodos', 'GET'],
      ['Replace the todos', 'PUT'],
    ]);
    const todos = (await call('GET', list[0]!.link)).json();
    expect(Array.isArray(todos)).toBe(true);
    expect(typeof todos[0].id).toBe('number');
    expect((await call('PUT', list[1]!.link)).json()).toEqual({ replaced: true });
  });

  it('imports Swagger 2.0 YAML (by its type, whatever its name)', async () => {
    const res = await upload(t.app, USERS_SWAGGER2_YAML, {
      cookie: bob.cookie,
      fileName: 'users-spec',
      contentType: 'text/yaml',
    });
    expect(res.statusCode).toBe(201);
    const list: ImportedApi[] = res.json();
    expect(list.map((api) => [api.name, api.customEndpoint])).toEqual([
      ['getUser', '/users/{id}'],
      ['putUser', '/users/{id}'],
    ]);
    const user = (await call('GET', list[0]!.link.replace('{id}', 'x1'))).json();
    expect(typeof user.active).toBe('boolean');
    expect((await call('PUT', list[1]!.link.replace('{id}', 'x1'))).json()).toEqual({
      id: 'u1',
      active: false,
    });
  });
});

describe('refused files', () => {
  const refused = async (
    content: string | Uint8Array,
    options: Parameters<typeof upload>[2],
    reason: RegExp,
  ) => {
    const before = await apiCount();
    const res = await upload(t.app, content, { cookie: ann.cookie, ...options });
    expect(res.statusCode).toBe(400);
    const { message, details } = res.json();
    expect(message).toBe(
      `Please upload a valid OpenAPI file (JSON or YAML format): ${details.reason}`,
    );
    expect(details.reason).toMatch(reason);
    expect(message).not.toMatch(/\[object Object\]|Swagger Parser/);
    expect(await apiCount()).toBe(before);
    return message as string;
  };

  it('refuses a file of another type and extension', () =>
    refused(
      PETS_YAML,
      { fileName: 'spec.xml', contentType: 'application/xml' },
      /neither JSON nor YAML/,
    ));

  it('refuses a file that does not parse, with the parser’s reason', () =>
    refused('openapi: 3.0.0\npaths: {\n  /a: [', {}, /neither JSON nor YAML/));

  it('refuses broken JSON', () =>
    refused(
      '{"openapi": "3.0.0", "paths": {',
      { fileName: 'a.json', contentType: 'application/json' },
      /.+/,
    ));

  it('refuses YAML that is not an OpenAPI document, saying why in its message', async () => {
    const message = await refused('name: not an api\nitems: [1, 2]\n', {}, /OpenAPI version/);
    expect(message).toBe(
      'Please upload a valid OpenAPI file (JSON or YAML format): The document does not say which OpenAPI version it follows: it needs an "openapi" field (such as "3.0.3") or a "swagger" field ("2.0") at its top level',
    );
  });

  it('refuses a document without paths, and one of an unknown version, in words', async () => {
    expect(await refused('openapi: 3.0.3\ninfo: { title: x, version: "1" }\n', {}, /.+/)).toMatch(
      /lists no operations: it has no "paths"$/,
    );
    expect(
      await refused('openapi: 3.2.0\ninfo: { title: x, version: "1" }\npaths: {}\n', {}, /.+/),
    ).toMatch(
      /OpenAPI 3\.2\.0 is not supported: the import reads OpenAPI 3\.0, 3\.1 and Swagger 2\.0$/,
    );
  });

  it('refuses a schema that expands exponentially within a second, naming the schema', async () => {
    const started = performance.now();
    const message = await refused(
      JSON.stringify(schemaBomb()),
      { fileName: 'bomb.json', contentType: 'application/json' },
      /schema nodes/,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(message).toMatch(
      /: The specification expands to more than 500,000 schema nodes \(the answer of GET \/bomb: schema S30 references others that reference others, each more than once\); simplify it or split it\.$/,
    );
  });

  it('refuses a multipart body without a boundary with 400, saying so', async () => {
    const { body } = multipartBody(PETS_YAML);
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/crud/openapi',
      payload: body,
      headers: { cookie: ann.cookie, 'content-type': 'multipart/form-data' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/names no boundary/);
  });

  it('refuses a multipart body cut short with 400, saying so', async () => {
    const { body, contentType } = multipartBody(PETS_YAML);
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/crud/openapi',
      payload: body.subarray(0, body.length - 40),
      headers: { cookie: ann.cookie, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cut short/);
  });

  it('refuses an OpenAPI document that does not validate', () =>
    refused(
      'openapi: 3.0.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses: 12\n',
      {},
      /.+/,
    ));

  it('never reads a $ref to a file of the server: it stays a reference', async () => {
    const res = await upload(
      t.app,
      `openapi: 3.0.0\ninfo: { title: x, version: "1" }\npaths:\n  /etc-ref:\n    get:\n      responses:\n        '200': { $ref: '/etc/passwd' }\n`,
      { cookie: ann.cookie },
    );
    expect(res.statusCode).toBe(201);
    const [api] = res.json() as ImportedApi[];
    expect(api!.report.source).toBe('none');
    const answer = await call('GET', api!.link);
    expect(answer.body).not.toMatch(/root:/);
  });

  it('refuses text that is not UTF-8', () =>
    refused(new Uint8Array([0x6f, 0x70, 0xff, 0xfe, 0x0a]), {}, /UTF-8/));

  it('refuses a file over 10 MiB with 413', async () => {
    const big = `# ${'x'.repeat(10 * 1024 * 1024)}\n`;
    const res = await upload(t.app, big, { cookie: ann.cookie });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(openApiMessages.tooLarge);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/crud/openapi',
      payload: { file: PETS_YAML },
      headers: { cookie: ann.cookie },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('fair turns', () => {
  it('finishes another user’s small import while one user has schema bombs queued', async () => {
    const bomb = JSON.stringify(schemaBomb());
    const options = { fileName: 'bomb.json', contentType: 'application/json', cookie: ann.cookie };
    const bombs = [1, 2, 3].map(() => upload(t.app, bomb, options));
    const started = performance.now();
    const small = await upload(
      t.app,
      `openapi: 3.0.3\ninfo: { title: one, version: '1' }\npaths:\n  /fair-turn:\n    get:\n      responses:\n        '200': { description: ok }\n`,
      { cookie: bob.cookie },
    );
    const waited = performance.now() - started;
    expect(small.statusCode).toBe(201);
    // Well within one import's limit (60 s): before, Bob waited for Ann's bombs, 7 s or more each.
    expect(waited).toBeLessThan(5000);
    for (const res of await Promise.all(bombs)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/expands to more than 500,000 schema nodes/);
    }
  });
});

describe('one transaction', () => {
  it('creates nothing when a write fails half-way through a large import', async () => {
    // A trigger of the test's own database refuses the 550th API: the first 500 were written
    // by then, in the import's first statement.
    await t.database.pool.query(`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'boom' then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger refuse_boom before insert on apis for each row execute function refuse_boom();`);
    try {
      const paths: Record<string, unknown> = {};
      for (let i = 0; i < 600; i++) {
        paths[`/many/r${i}`] = {
          get: {
            operationId: i === 549 ? 'boom' : `op${i}`,
            responses: { '200': { description: 'ok' } },
          },
        };
      }
      const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'x', version: '1' }, paths });
      const before = await apiCount();
      const res = await upload(t.app, spec, { cookie: ann.cookie, fileName: 'many.json' });
      expect(res.statusCode).toBe(500);
      expect(await apiCount()).toBe(before);
    } finally {
      await t.database.pool.query('drop trigger refuse_boom on apis; drop function refuse_boom();');
    }
  });
});

describe('anonymous uploads', () => {
  it('creates anonymous APIs (no owner) with the demo’s basic types only', async () => {
    const spec = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/anon/basic': {
          get: {
            operationId: 'anonBasic',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { id: { type: 'string', format: 'uuid' } },
                    },
                  },
                },
              },
            },
          },
        },
        '/anon/catalogue': {
          get: {
            operationId: 'anonCatalogue',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { example: { name: 'string.name.fullname' } } },
              },
            },
          },
        },
      },
    });
    const res = await upload(t.app, spec, { fileName: 'anon.json', username: ann.userId });
    expect(res.statusCode).toBe(201);
    const list: ImportedApi[] = res.json();
    expect(list.map((api) => api.name)).toEqual(['anonBasic', 'anonCatalogue']);
    const rows = await t.database.db
      .select()
      .from(apis)
      .where(
        inArray(
          apis.requestId,
          list.map((api) => api.requestId),
        ),
      );
    expect(rows.map((row) => row.ownerId)).toEqual([null, null]);
    // A visitor gets the demo's basic types: the example's fixed text becomes a string, and the
    // report says so.
    const catalogue = rows.find((row) => row.name === 'anonCatalogue');
    expect(JSON.parse(catalogue!.template)).toEqual({ name: 'string' });
    expect(list[1]!.report.ignored).toContainEqual({
      pointer: 'template:/name',
      keyword: 'type',
      reason: importTexts.demoBasicTypes,
    });
    expect(skippedOf(res)).toEqual([]);
    expect((await call('GET', list[0]!.link)).statusCode).toBe(200);
    // The same file signed in keeps the catalogue type.
    const signedIn = await upload(t.app, spec, { fileName: 'anon.json', cookie: bob.cookie });
    expect((signedIn.json() as ImportedApi[]).map((api) => api.name)).toEqual([
      'anonBasic',
      'anonCatalogue',
    ]);
    const anonymous = await t.database.db
      .select({ n: count() })
      .from(apis)
      .where(isNull(apis.ownerId));
    expect(anonymous[0]!.n).toBeGreaterThan(0);
  });
});

describe('rate limits', () => {
  for (const redis of [false, true]) {
    it.skipIf(redis && !process.env.TEST_REDIS_URL)(
      `answers 429 'Try again in N seconds' past OPENAPI_RATE_LIMIT imports a minute, refusals before the analysis costing little${redis ? ' (Redis)' : ''}`,
      async () => {
        const limited = await buildTestApp({ OPENAPI_RATE_LIMIT: '2' }, { redis });
        try {
          // Counters in Redis outlive an app: this run's client address is its own.
          const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
          const headers = { 'x-forwarded-for': address };
          const notMultipart = () =>
            limited.app.inject({
              method: 'POST',
              url: '/backend/crud/openapi',
              payload: 'x',
              headers: { 'content-type': 'text/plain', ...headers },
              remoteAddress: address,
            });
          const send = (content: string) =>
            limited.app.inject({
              method: 'POST',
              url: '/backend/crud/openapi',
              remoteAddress: address,
              ...(({ body, contentType }) => ({
                payload: body,
                headers: { 'content-type': contentType, ...headers },
              }))(multipartBody(content)),
            });
          // Three slips found before any analysis leave room for the two imports of the minute.
          for (let n = 0; n < 3; n++) expect((await notMultipart()).statusCode).toBe(415);
          // A file refused after its analysis costs what an import does.
          expect((await send('name: not an api\n')).statusCode).toBe(400);
          expect((await send(PETS_YAML)).statusCode).toBe(201);
          const res = await send(PETS_YAML);
          expect(res.statusCode).toBe(429);
          expect(res.body).toMatch(/Try again in \d+ seconds/);
          const seconds = Number(/Try again in (\d+) seconds/.exec(res.body)![1]);
          expect(seconds).toBeGreaterThan(0);
          expect(seconds).toBeLessThanOrEqual(60);
        } finally {
          await limited.close();
        }
      },
    );
  }

  it('counts a visitor’s APIs against the demo’s creation limit, then answers 429', async () => {
    const limited = await buildTestApp({ CREATE_RATE_LIMIT: '1' });
    try {
      const res = await upload(limited.app, TODOS_31_JSON, { fileName: 'todos.json' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toHaveLength(1);
      expect(skippedOf(res)).toEqual([
        {
          method: 'PUT',
          path: '/todos',
          reason:
            'Visitors share the demo’s limit of anonymous APIs; sign in to import every operation',
        },
      ]);
      const again = await upload(limited.app, TODOS_31_JSON, { fileName: 'todos.json' });
      expect(again.statusCode).toBe(429);
      expect(again.body).toMatch(/Try again in \d+ seconds/);
    } finally {
      await limited.close();
    }
  });
});

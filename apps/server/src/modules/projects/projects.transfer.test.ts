/**
 * An OpenAPI file into a project and a project out as a spec, over HTTP with real accounts and
 * the real database: what the report says, what the routes then answer at the base URL, a second
 * import of the same spec, routes made by hand kept, AWS-style header routing, request examples
 * paired with response examples answering as rules, ownership, and a round trip (export, import
 * into a new project, the same shapes answered, rules and overrides kept).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { readProjectFiles } from '@mocksmith/core/project-files';
import type { Project, ProjectImportResult, RouteView } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/openapi.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../../../packages/core/src/projects/fixtures/${name}`, import.meta.url),
    'utf8',
  );
const SHOP = fixture('shop-3.0.json');
const AWS = fixture('aws-3.0.json');
const PETSTORE = fixture('petstore-2.0.json');

/** What this test reads of newman's run summary. */
interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions', { total: number; failed: number }>;
    failures: { error: { message: string; test?: string }; source?: { name?: string } }[];
  };
}
const newman = createRequire(import.meta.url)('newman') as {
  run(
    options: { collection: string; reporters: string[]; timeoutRequest?: number },
    callback: (error: Error | null, summary: NewmanSummary) => void,
  ): void;
};

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;
let bob: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  const steps = accountSteps(t.app, sink);
  ann = (await steps.signUp('ann@transfer.test')).cookie;
  bob = (await steps.signUp('bob@transfer.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
async function newProject(cookie = ann): Promise<Project> {
  const res = await calls.create(cookie, { name: `Transfer ${++counter}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function importInto(projectId: string, content: string, cookie: string | undefined = ann) {
  const { body, contentType } = multipartBody(content, {
    fileName: 'spec.json',
    contentType: 'application/json',
  });
  return t.app.inject({
    method: 'POST',
    url: `/backend/projects/${projectId}/import`,
    payload: body,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}

const mock = (
  project: Project,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) => t.app.inject({ method: method as 'GET', url: `/p/${project.slug}${path}`, headers });

const labels = (result: ProjectImportResult) =>
  result.routes.map((route) => `${route.method} ${route.path}`).sort();

describe('POST /backend/projects/{id}/import', () => {
  it('makes a route of every operation at its path, its examples and errors named responses', async () => {
    const project = await newProject();
    const res = await importInto(project.id, SHOP);
    expect(res.statusCode, res.body).toBe(201);
    const result: ProjectImportResult = res.json();
    expect(result.report.created.length).toBe(result.routes.length);
    // The server's /v2 is kept; PATCH is a route; HEAD is answered by every route anyway.
    expect(labels(result)).toEqual(
      expect.arrayContaining(['GET /v2/pets', 'POST /v2/pets', 'PATCH /v2/pets/{petId:integer}']),
    );
    expect(result.report.skipped.map((s) => s.operation)).toContain('HEAD /health');
    const list = await mock(project, '/v2/pets');
    expect(list.statusCode).toBe(200);
    const named = result.routes.find(
      (route) => route.method === 'GET' && route.path === '/v2/pets',
    );
    expect(named?.responses.map((r) => r.name)).toEqual(
      expect.arrayContaining(['two pets', 'empty']),
    );
    const empty = await mock(project, '/v2/pets', { prefer: 'example="empty"' });
    expect(empty.statusCode).toBe(200);
    const missing = await mock(project, '/v2/pets/7', { prefer: 'code=404' });
    expect(missing.statusCode).toBe(404);
    expect((await mock(project, '/v2/pets/abc')).statusCode).not.toBe(200);
  });

  it('updates what it made on a second import, keeps routes made by hand, and says so', async () => {
    const project = await newProject();
    const hand = await calls.createRoute(ann, project.id, routeBody('/v2/pets', { name: 'Mine' }));
    expect(hand.statusCode).toBe(201);
    const first: ProjectImportResult = (await importInto(project.id, SHOP)).json();
    expect(
      first.report.skipped.some(
        (s) =>
          s.operation.includes('GET /v2/pets') &&
          /not made by an import of this spec/.test(s.reason),
      ),
    ).toBe(true);
    const again: ProjectImportResult = (await importInto(project.id, SHOP)).json();
    expect(again.report.created).toEqual([]);
    expect(again.report.updated).toEqual([]);
    expect(again.report.unchanged.length).toBe(first.report.created.length);
    const changed = JSON.parse(SHOP);
    changed.paths['/orders/{order-id}'].get.summary = 'Renamed order';
    delete changed.paths['/pets/{petId}'].patch;
    const third: ProjectImportResult = (
      await importInto(project.id, JSON.stringify(changed))
    ).json();
    expect(third.report.updated).toHaveLength(1);
    expect(third.report.notInSpec).toEqual(['PATCH /v2/pets/{petId:integer}']);
    expect(
      third.routes.find((route) => route.path === '/v2/pets' && route.method === 'GET')?.name,
    ).toBe('Mine');
  });

  it('imports an AWS-style spec whole: one route answering by its X-Amz-Target', async () => {
    const project = await newProject();
    const res = await importInto(project.id, AWS);
    expect(res.statusCode, res.body).toBe(201);
    const result: ProjectImportResult = res.json();
    const rpc = result.routes.find((route) => route.method === 'POST' && route.path === '/');
    expect(rpc?.responses.length).toBeGreaterThanOrEqual(3);
    const target = (value: string) =>
      mock(
        project,
        '/',
        { 'x-amz-target': value, 'content-type': 'application/x-amz-json-1.1' },
        'POST',
      );
    const detail = await target('Route53Domains_v20140515.GetDomainDetail');
    const list = await target('Route53Domains_v20140515.ListDomains');
    expect(detail.statusCode).toBe(200);
    expect(list.statusCode).toBe(200);
    expect(Object.keys(detail.json())).not.toEqual(Object.keys(list.json()));
  });

  it('answers a file that is no spec 400 in words, another user 404, a visitor 401', async () => {
    const project = await newProject();
    const bad = await importInto(project.id, '{"not": "a spec"}');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/OpenAPI/);
    expect((await importInto(project.id, SHOP, bob)).statusCode).toBe(404);
    expect((await importInto(project.id, SHOP, '')).statusCode).toBe(401);
  });
});

/** POST /quotes: request examples gold and silver paired with response examples of their names. */
function quotesSpec(silverSeats = 2): string {
  const json = (examples: Record<string, unknown>) => ({
    'application/json': {
      schema: { type: 'object' },
      examples: Object.fromEntries(
        Object.entries(examples).map(([name, value]) => [name, { value }]),
      ),
    },
  });
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Tiers', version: '1' },
    paths: {
      '/quotes': {
        post: {
          summary: 'Quote a plan',
          requestBody: {
            content: json({
              gold: { tier: 'gold', seats: 10 },
              silver: { tier: 'silver', seats: silverSeats },
            }),
          },
          responses: {
            200: {
              description: 'A quote',
              content: json({ gold: { price: 100 }, silver: { price: 40 } }),
            },
            400: {
              description: 'Refused',
              content: json({ invalid: { message: 'no such tier' } }),
            },
          },
        },
      },
    },
  });
}

describe('POST /backend/projects/{id}/import: the Swagger Petstore', () => {
  /** Each operation of the spec, a path to call it at, and the statuses it declares. */
  const operations = Object.entries(
    JSON.parse(PETSTORE).paths as Record<string, Record<string, { responses: object }>>,
  ).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: `/v2${path.replace('{petId}', '7').replace('{orderId}', '3').replace('{username}', 'user1')}`,
      names: Object.keys(operation.responses),
    })),
  );

  it('serves all 20 operations under /v2, each declared status by Prefer: code=, the first when there is no success', async () => {
    const project = await newProject();
    const res = await importInto(project.id, PETSTORE);
    expect(res.statusCode, res.body).toBe(201);
    const result: ProjectImportResult = res.json();
    expect(result.report.skipped).toEqual([]);
    expect(result.report.created).toHaveLength(20);
    expect(result.report.warnings).toContain(
      "The spec's server path /v2 is kept in front of each route's path (/v2/...): the routes answer where the spec's clients call them, under the project's base URL",
    );
    expect(operations).toHaveLength(20);
    let answered = 0;
    for (const { method, path, names } of operations) {
      for (const name of names) {
        const status = name === 'default' ? 200 : Number(name);
        const answer = await mock(project, path, { prefer: `code=${status}` }, method);
        expect(answer.statusCode, `${method} ${path} code=${status}`).toBe(status);
        expect(answer.headers['x-mock-response']).toBe(name);
        answered++;
      }
    }
    expect(answered).toBe(36);
    // Without Prefer: the success answer, else the first declared.
    const added = await mock(project, '/v2/pet', {}, 'POST');
    expect(added.statusCode).toBe(405);
    expect(added.json()).toEqual({ statusCode: 405, message: 'Invalid input' });
    expect((await mock(project, '/v2/pet/7', {}, 'DELETE')).statusCode).toBe(400);
    expect((await mock(project, '/v2/pet/7')).statusCode).toBe(200);
    const missing = await mock(project, '/v2/pet/7', { prefer: 'code=404' });
    expect(missing.json()).toEqual({ statusCode: 404, message: 'Pet not found' });
  });

  it("exports a Postman collection that newman runs green against the project's routes", async () => {
    const project = await newProject();
    expect((await importInto(project.id, PETSTORE)).statusCode).toBe(201);
    const exported = await t.app.inject({
      url: `/backend/projects/${project.id}/export/postman`,
      headers: { cookie: ann },
    });
    expect(exported.statusCode).toBe(200);
    const collection = exported.json();
    expect(collection.item.map((folder: { name: string }) => folder.name)).toEqual([
      'pet',
      'store',
      'user',
    ]);
    // Pointed at this app, listening: the collection's one variable to change.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const variable of collection.variable as { key: string; value: string }[]) {
      if (variable.key === 'baseUrl') variable.value = `${address}/p/${project.slug}`;
    }
    const file = join(await mkdtemp(join(tmpdir(), 'mocksmith-newman-')), 'petstore.json');
    await writeFile(file, JSON.stringify(collection));
    const summary = await new Promise<NewmanSummary>((resolve, reject) => {
      newman.run({ collection: file, reporters: [], timeoutRequest: 10_000 }, (error, done) =>
        error ? reject(error) : resolve(done),
      );
    });
    const failures = summary.run.failures.map(
      (failure) =>
        `${failure.source?.name ?? '?'}: ${failure.error.test ?? ''} ${failure.error.message}`,
    );
    expect(failures).toEqual([]);
    // One request per declared answer, each testing its status.
    expect(summary.run.stats.requests).toMatchObject({ total: 36, failed: 0 });
    expect(summary.run.stats.assertions.failed).toBe(0);
  });
});

describe('POST /backend/projects/{id}/import: request examples paired with response examples', () => {
  const quote = (project: Project, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/p/${project.slug}/quotes`,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
  const answer = (res: Awaited<ReturnType<typeof quote>>) => ({
    status: res.statusCode,
    body: res.json(),
    response: res.headers['x-mock-response'],
    rule: res.headers['x-mock-rule'],
  });

  it('answers the paired response to a request like its example, and a re-import updates the rules', async () => {
    const project = await newProject();
    const res = await importInto(project.id, quotesSpec());
    expect(res.statusCode, res.body).toBe(201);
    const route = (res.json() as ProjectImportResult).routes.find((r) => r.path === '/quotes');
    expect(route?.rules).toEqual([
      {
        name: 'gold',
        combine: 'all',
        conditions: [
          { source: 'body', name: '$.tier', operator: 'equals', value: 'gold' },
          { source: 'body', name: '$.seats', operator: 'equals', value: '10' },
        ],
        response: 'gold',
      },
      {
        name: 'silver',
        combine: 'all',
        conditions: [
          { source: 'body', name: '$.tier', operator: 'equals', value: 'silver' },
          { source: 'body', name: '$.seats', operator: 'equals', value: '2' },
        ],
        response: 'silver',
      },
    ]);
    expect(answer(await quote(project, { tier: 'gold', seats: 10 }))).toEqual({
      status: 200,
      body: { price: 100 },
      response: 'gold',
      // The rule is named after its example: X-Mock-Rule says the name.
      rule: 'gold',
    });
    expect(answer(await quote(project, { tier: 'silver', seats: 2, note: 'extra' }))).toEqual({
      status: 200,
      body: { price: 40 },
      response: 'silver',
      rule: 'silver',
    });
    // No rule matches: the default answers, and no rule is named.
    expect(answer(await quote(project, { tier: 'silver', seats: 3 }))).toEqual({
      status: 200,
      body: { price: 100 },
      response: 'gold',
      rule: undefined,
    });

    // The same spec again changes nothing; a changed example changes the rule.
    const again: ProjectImportResult = (await importInto(project.id, quotesSpec())).json();
    expect(again.report.unchanged).toEqual(['POST /quotes']);
    const changed: ProjectImportResult = (await importInto(project.id, quotesSpec(3))).json();
    expect(changed.report.updated).toEqual(['POST /quotes']);
    expect(answer(await quote(project, { tier: 'silver', seats: 3 }))).toMatchObject({
      body: { price: 40 },
      rule: 'silver',
    });
    expect(answer(await quote(project, { tier: 'silver', seats: 2 }))).toMatchObject({
      body: { price: 100 },
      rule: undefined,
    });
  });
});

describe('GET /backend/projects/{id}/export/...', () => {
  it('exports a valid OpenAPI 3.1 document that imports back into the same routes and shapes', async () => {
    const source = await newProject();
    await importInto(source.id, SHOP);
    await calls.createRoute(
      ann,
      source.id,
      routeBody('/users/{id:integer}', {
        responses: [
          {
            name: 'ok',
            status: 200,
            template: JSON.stringify({ id: '{{request.params.id}}', name: 'string.name.fullname' }),
          },
          { name: 'gone', status: 404, template: JSON.stringify({ message: 'no such user' }) },
        ],
      }),
    );
    const res = await t.app.inject({
      url: `/backend/projects/${source.id}/export/openapi`,
      headers: { cookie: ann },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${source.slug}.openapi.json"`,
    );
    const document = res.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers[0].url).toBe(source.baseUrl);
    await SwaggerParser.validate(structuredClone(document));

    const copy = await newProject();
    const imported = await importInto(copy.id, res.body);
    expect(imported.statusCode, imported.body).toBe(201);
    const before = (await calls.get(ann, source.id)).json();
    const after = (await calls.get(ann, copy.id)).json();
    const shape = (detail: {
      routes: {
        method: string;
        path: string;
        responses: { name: string; status: number; template: string }[];
      }[];
    }) =>
      detail.routes.map((route) => ({
        route: `${route.method} ${route.path}`,
        responses: route.responses.map((r) => [r.name, r.status, r.template]),
      }));
    expect(shape(after)).toEqual(shape(before));
    for (const route of before.routes as { method: string; path: string }[]) {
      const path = route.path.replace(/\{[^}]+\}/g, '1').replace('/*', '/x');
      const [a, b] = await Promise.all([
        mock(source, path, {}, route.method),
        mock(copy, path, {}, route.method),
      ]);
      expect(b.statusCode, `${route.method} ${path}`).toBe(a.statusCode);
      if (a.body) expect(keysOf(b.json())).toEqual(keysOf(a.json()));
    }
  });

  it('exports the rules and overrides of a route, which an import restores', async () => {
    const source = await newProject();
    await importInto(source.id, quotesSpec());
    const detail = (await calls.get(ann, source.id)).json() as { routes: RouteView[] };
    const quotes = detail.routes.find((route) => route.path === '/quotes') as RouteView;
    const rules = [
      {
        combine: 'any',
        conditions: [
          { source: 'header', name: 'x-tier', operator: 'in', values: ['silver', 'bronze'] },
        ],
        response: 'silver',
      },
      ...quotes.rules,
    ];
    const saved = await calls.updateRoute(ann, source.id, quotes.id, {
      method: quotes.method,
      path: quotes.path,
      name: quotes.name,
      responses: quotes.responses,
      rules,
      overrides: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const exported = await t.app.inject({
      url: `/backend/projects/${source.id}/export/openapi`,
      headers: { cookie: ann },
    });
    const copy = await newProject();
    const imported = await importInto(copy.id, exported.body);
    expect(imported.statusCode, imported.body).toBe(201);
    const restored = (imported.json() as ProjectImportResult).routes.find(
      (route) => route.path === '/quotes',
    );
    expect(restored).toMatchObject({ rules, network: null, overrides: false });
    // The copy answers by its rules: the header rule first.
    const res = await t.app.inject({
      method: 'POST',
      url: `/p/${copy.slug}/quotes`,
      payload: JSON.stringify({ tier: 'gold', seats: 10 }),
      headers: { 'content-type': 'application/json', 'x-tier': 'bronze' },
    });
    expect(res.json()).toEqual({ price: 40 });
    expect(res.headers['x-mock-rule']).toBe('1');
  });

  it('exports a Postman collection: a folder per first segment, {{baseUrl}}, Prefer per response', async () => {
    const project = await newProject();
    await importInto(project.id, SHOP);
    const res = await t.app.inject({
      url: `/backend/projects/${project.id}/export/postman`,
      headers: { cookie: ann },
    });
    expect(res.statusCode).toBe(200);
    const collection = res.json();
    expect(collection.info.schema).toContain('v2.1.0');
    expect(collection.variable).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'baseUrl', value: project.baseUrl })]),
    );
    // A folder per first segment after the kept /v2.
    expect(collection.item.map((folder: { name: string }) => folder.name)).toEqual(
      expect.arrayContaining(['pets', 'orders']),
    );
    expect(res.body).toContain('Prefer');
    expect(
      (
        await t.app.inject({
          url: `/backend/projects/${project.id}/export/postman`,
          headers: { cookie: bob },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject(`/backend/projects/${project.id}/export/openapi`)).statusCode).toBe(
      401,
    );
  });
});

/** The keys of a body, deep, for comparing shapes rather than generated values. */
function keysOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [keysOf(value[0])];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, keysOf(inner)]),
    );
  }
  return typeof value;
}

describe('a project exported as its files (GET /backend/projects/{id}/export/files)', () => {
  it('gives the files of its directory, which read back as the project, its tokens beside them', async () => {
    const project = await newProject();
    const token = `mck_${'a'.repeat(40)}`;
    const created = await calls.createRoute(
      ann,
      project.id,
      routeBody('/users/{id}', {
        name: 'A user',
        authToken: token,
        responses: [
          { name: 'ok', status: 200, template: '{"id":"uuid","name":"string.name.fullname"}' },
          { name: 'missing', status: 404, template: '{"error":"not found"}' },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const collection = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${project.id}/collections`,
      headers: { cookie: ann },
      payload: { name: 'orders', template: { total: 'number.money.price' }, count: 5 },
    });
    expect(collection.statusCode, collection.body).toBe(201);

    const res = await t.app.inject({
      method: 'GET',
      url: `/backend/projects/${project.id}/export/files`,
      headers: { cookie: ann },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { format, files, tokens } = res.json() as {
      format: string;
      files: Record<string, string>;
      tokens: { env: string; of: string; value: string }[];
    };
    expect(format).toBe('yaml');
    expect(Object.keys(files).sort()).toEqual([
      '.mocksmith/collection.schema.json',
      '.mocksmith/project.schema.json',
      '.mocksmith/route.schema.json',
      'collections/orders.yaml',
      'mocksmith.yaml',
      'routes/get-users-id.yaml',
    ]);
    // The secret is never in a file: the route's file names the variable that holds it.
    expect(Object.values(files).join('\n')).not.toContain(token);
    expect(tokens).toEqual([
      { env: 'MOCKSMITH_TOKEN_GET_USERS_ID', of: 'GET /users/{id}', value: token },
    ]);
    const read = readProjectFiles(new Map(Object.entries(files)));
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.value.project).toMatchObject({ name: project.name, slug: project.slug });
    expect(read.value.routes).toHaveLength(1);
    expect(read.value.routes[0]).toMatchObject({
      method: 'GET',
      path: '/users/{id}',
      name: 'A user',
      authToken: { env: 'MOCKSMITH_TOKEN_GET_USERS_ID' },
    });
    expect(read.value.routes[0]?.responses.map((r) => [r.name, r.status])).toEqual([
      ['ok', 200],
      ['missing', 404],
    ]);
    expect(read.value.collections).toMatchObject([
      { name: 'orders', path: '/orders', count: 5, template: { total: 'number.money.price' } },
    ]);

    // Unchanged, the project exports the same files; in JSON, the same project.
    const again = await t.app.inject({
      method: 'GET',
      url: `/backend/projects/${project.id}/export/files`,
      headers: { cookie: ann },
    });
    expect(again.json().files).toEqual(files);
    const json = await t.app.inject({
      method: 'GET',
      url: `/backend/projects/${project.id}/export/files?format=json`,
      headers: { cookie: ann },
    });
    const jsonFiles = json.json().files as Record<string, string>;
    expect(Object.keys(jsonFiles)).toContain('routes/get-users-id.json');
    const readJson = readProjectFiles(new Map(Object.entries(jsonFiles)));
    if (!readJson.ok) throw new Error(JSON.stringify(readJson.problems));
    expect(readJson.value).toEqual(read.value);
  });

  it("answers 404 for another's project, and 401 signed out", async () => {
    const project = await newProject();
    const url = `/backend/projects/${project.id}/export/files`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: bob } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

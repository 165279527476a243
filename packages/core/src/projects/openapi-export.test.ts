import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import type { NetworkProfile } from '../network/profile.ts';
import { createSchemaValidator } from '../openapi/validator.ts';
import aws from './fixtures/aws-3.0.json';
import shop from './fixtures/shop-3.0.json';
import type { RouteResponse } from './model.ts';
import { type ProjectExportRoute, projectToOpenApi } from './openapi-export.ts';
import { type PlannedRoute, planProjectImport } from './openapi-import.ts';
import { parsePathTemplate } from './path-template.ts';
import type { RouteRule } from './rules.ts';

const BASE_URL = 'https://mocks.example.test/p/shop';
const TOKEN = `mck_${'a1B2c3D4'.repeat(5)}`;

function response(overrides: Partial<RouteResponse> & Pick<RouteResponse, 'name'>): RouteResponse {
  return {
    status: 200,
    template: '{"id": "uuid", "name": "string.name.fullname"}',
    headers: [],
    delay: 0,
    isDefault: false,
    when: null,
    ...overrides,
  };
}

/** Rules of GET /users/{id:integer}: a path parameter and a cookie, or a header alone; a body path that needs quoting. */
const RULES: RouteRule[] = [
  {
    name: 'the missing user',
    combine: 'all',
    conditions: [
      { source: 'param', name: 'id', operator: 'in', values: ['0', '404'] },
      { source: 'cookie', name: 'session', operator: 'exists' },
    ],
    response: 'not found',
  },
  {
    combine: 'any',
    conditions: [
      { source: 'header', name: 'X-Plan', operator: 'regex', value: '^gold' },
      { source: 'body', name: '$["first.name"]', operator: 'startsWith', value: 'Ann' },
      { source: 'query', name: 'age', operator: 'gte', value: '18' },
    ],
    response: 'ok',
  },
];

/** A network profile of its own: lognormal latency, 5 % 503 with a body, 10 calls a minute. */
const NETWORK: NetworkProfile = {
  latency: { kind: 'lognormal', p50: 800, p95: 3000 },
  fault: { percent: 5, kind: 'status', status: 503, body: '{"error": "busy"}' },
  rateLimit: { limit: 10, per: 'minute' },
};

/** Routes of every kind: named responses, a 404 and a 204, typed and renamed parameters, a tail, a header choice, a token, rotation, request references, rules, a network profile, overrides off. */
const ROUTES: ProjectExportRoute[] = [
  {
    method: 'GET',
    path: '/users',
    name: 'List users',
    mode: 'sequential',
    responses: [
      response({
        name: 'two users',
        template: '[{"id": "uuid", "__multiply": "2-3"}]',
        isDefault: true,
      }),
      response({ name: 'broken', status: 500, template: '{"error": "boom"}', delay: 250 }),
      response({ name: 'empty', template: '[]', headers: [{ name: 'X-Total', value: '0' }] }),
    ],
  },
  {
    method: 'GET',
    path: '/users/{id:integer}',
    name: 'Get a user',
    authToken: TOKEN,
    rules: RULES,
    network: NETWORK,
    overrides: false,
    responses: [
      response({
        name: 'ok',
        template: '{"id": "{{request.params.id}}", "greeting": "Hi {{request.query.name}}"}',
        isDefault: true,
      }),
      response({ name: 'not found', status: 404, template: '{"message": "No such user"}' }),
    ],
  },
  {
    method: 'PUT',
    path: '/users/{userId}',
    name: 'Replace a user',
    responses: [
      response({ name: 'saved', template: '{"name": "{{request.body.name}}"}', isDefault: true }),
    ],
  },
  {
    method: 'DELETE',
    path: '/users/{id:integer}',
    name: 'Delete a user',
    responses: [
      response({ name: 'deleted', status: 204, template: '{}', isDefault: true }),
      response({ name: 'gone', status: 204, template: '{}', delay: 100 }),
    ],
  },
  {
    method: 'GET',
    path: '/files/*',
    name: 'A file',
    network: { latency: { kind: 'uniform', min: 10, max: 50 }, fault: null, rateLimit: null },
    responses: [
      response({ name: 'file', template: '{"path": "{{request.params.tail}}"}', isDefault: true }),
    ],
  },
  {
    method: 'POST',
    path: '/',
    name: 'Domains',
    responses: [
      response({
        name: 'GetDomainDetail',
        template: '{"DomainName": "example.com"}',
        isDefault: true,
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.GetDomainDetail' },
      }),
      response({
        name: 'ListDomains',
        template: '{"Domains": []}',
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.ListDomains' },
      }),
    ],
  },
];

// biome-ignore lint/suspicious/noExplicitAny: reading a document of the export's own making.
type Any = any;

/** The routes an import of the exported document plans, after the server's validation. */
async function reimported(routes: readonly ProjectExportRoute[]) {
  const document = projectToOpenApi({ name: 'Shop', baseUrl: BASE_URL, routes });
  await SwaggerParser.validate(JSON.parse(JSON.stringify(document)));
  return planProjectImport(await SwaggerParser.dereference(JSON.parse(JSON.stringify(document))));
}

const stored = (route: ProjectExportRoute | PlannedRoute) => ({
  method: route.method,
  path: route.path,
  name: route.name,
  responses: route.responses,
  // A planned route's rotation is the stored `responseMode`, an exported one's the Route's `mode`.
  responseMode: ('responseMode' in route ? route.responseMode : route.mode) ?? 'default',
  rules: route.rules ?? [],
  network: route.network ?? null,
  overrides: route.overrides ?? true,
});

describe('projectToOpenApi', () => {
  const document = projectToOpenApi({ name: 'Shop', baseUrl: BASE_URL, routes: ROUTES }) as Any;

  it('writes a valid OpenAPI 3.1 document whose server is the base URL', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: BASE_URL }]);
    expect(document.info.title).toBe('Shop');
    await expect(
      SwaggerParser.validate(JSON.parse(JSON.stringify(document))),
    ).resolves.toBeTruthy();
  });

  it('writes each route at its path, routes differing by parameter names at one path', () => {
    expect(Object.keys(document.paths)).toEqual(['/users', '/users/{id}', '/files/{tail}', '/']);
    expect(Object.keys(document.paths['/users/{id}'])).toEqual(['get', 'put', 'delete']);
    const put = document.paths['/users/{id}'].put;
    expect(put['x-mocksmith-path']).toBe('/users/{userId}');
    expect(put.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(document.paths['/users/{id}'].get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
    ]);
    expect(document.paths['/files/{tail}'].get.parameters[0]).toMatchObject({
      name: 'tail',
      in: 'path',
    });
  });

  it('writes each named response as an example of its status, with the schema of its template', () => {
    const list = document.paths['/users'].get;
    expect(list.summary).toBe('List users');
    expect(list['x-mocksmith-response-mode']).toBe('sequential');
    expect(Object.keys(list.responses)).toEqual(['200', '500']);
    const ok = list.responses['200'].content['application/json'];
    expect(Object.keys(ok.examples)).toEqual(['two users', 'empty']);
    expect(ok.examples.empty).toEqual({
      value: [],
      'x-mocksmith-template': '[]',
      'x-mocksmith-response': {
        name: 'empty',
        delay: 0,
        headers: [{ name: 'X-Total', value: '0' }],
        default: false,
        when: null,
        order: 2,
      },
    });
    expect(ok.schema.anyOf).toHaveLength(2);
    const check = createSchemaValidator('3.1');
    for (const path of Object.values(document.paths) as Any[]) {
      for (const operation of Object.values(path) as Any[]) {
        for (const answer of Object.values(operation.responses) as Any[]) {
          const media = answer.content?.['application/json'];
          if (!media) continue;
          for (const example of Object.values(media.examples) as Any[]) {
            expect(check.check(media.schema)(example.value)).toEqual([]);
          }
        }
      }
    }
  });

  it('gives a template that reads the request the body of a request without any of it', () => {
    const ok = document.paths['/users/{id}'].get.responses['200'].content['application/json'];
    expect(ok.examples.ok.value).toEqual({ id: null, greeting: 'Hi ' });
    expect(ok.schema.properties).toEqual({ id: {}, greeting: { type: 'string' } });
  });

  it('lists the responses of a status without a body on the response itself', () => {
    const deleted = document.paths['/users/{id}'].delete.responses['204'];
    expect(deleted.content).toBeUndefined();
    expect(deleted['x-mocksmith-responses'].map((r: Any) => [r.name, r.delay, r.template])).toEqual(
      [
        ['deleted', 0, '{}'],
        ['gone', 100, '{}'],
      ],
    );
  });

  it('declares the header that chooses a response, with its values', () => {
    const rpc = document.paths['/'].post;
    expect(rpc.parameters).toEqual([
      {
        name: 'x-amz-target',
        in: 'header',
        required: false,
        description: 'Chooses the response whose example names this value',
        schema: {
          type: 'string',
          enum: [
            'Route53Domains_v20140515.GetDomainDetail',
            'Route53Domains_v20140515.ListDomains',
          ],
        },
      },
    ]);
  });

  it('requires a bearer token of protected routes without writing it', () => {
    expect(document.paths['/users/{id}'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(JSON.stringify(document)).not.toContain(TOKEN);
  });

  it('writes the rules, the network profile and overrides off on the operation, and no defaults', () => {
    const get = document.paths['/users/{id}'].get;
    expect(get['x-mocksmith-rules']).toEqual(RULES);
    expect(get['x-mocksmith-network']).toEqual(NETWORK);
    expect(get['x-mocksmith-overrides']).toBe(false);
    const list = document.paths['/users'].get;
    for (const key of ['x-mocksmith-rules', 'x-mocksmith-network', 'x-mocksmith-overrides'])
      expect(list).not.toHaveProperty(key);
    expect(document.paths['/files/{tail}'].get['x-mocksmith-network'].latency).toEqual({
      kind: 'uniform',
      min: 10,
      max: 50,
    });
  });

  it('is the same document when made twice', () => {
    expect(projectToOpenApi({ name: 'Shop', baseUrl: BASE_URL, routes: ROUTES })).toEqual(document);
  });
});

describe('export, then import: the same routes', () => {
  it('gives back every route of a project as it was', async () => {
    const plan = await reimported(ROUTES);
    expect(plan.skipped).toEqual([]);
    expect(plan.warnings).toEqual([]);
    expect(plan.routes.map(stored)).toEqual(ROUTES.map(stored));
    // Each says its settings, the defaults too, so that importing over a changed route restores them.
    const get = plan.routes.find((r) => r.method === 'GET' && r.path === '/users/{id:integer}');
    expect(get).toMatchObject({ rules: RULES, network: NETWORK, overrides: false });
    const list = plan.routes.find((r) => r.method === 'GET' && r.path === '/users');
    expect(list).toMatchObject({ rules: [], network: null, overrides: true });
  });

  it('leaves out a rule or a profile that does not pass, and says which', async () => {
    const document = projectToOpenApi({ name: 'Shop', baseUrl: BASE_URL, routes: ROUTES }) as Any;
    const get = document.paths['/users/{id}'].get;
    get['x-mocksmith-rules'] = [
      { ...RULES[0], response: 'no such response' },
      RULES[1],
      {
        combine: 'all',
        conditions: [{ source: 'param', name: 'userId', operator: 'exists' }],
        response: 'ok',
      },
    ];
    get['x-mocksmith-network'] = { latency: { kind: 'uniform', min: 50, max: 10 } };
    const plan = planProjectImport(await SwaggerParser.dereference(document));
    const route = plan.routes.find((r) => r.method === 'GET' && r.path === '/users/{id:integer}');
    expect(route?.rules).toEqual([RULES[1]]);
    expect(route?.network).toBeNull();
    expect(plan.warnings).toEqual([
      'GET /users/{id}: the Mocksmith rule 1 is left out (the rule picks "no such response", which is not a response of this route; its responses: ok, not found)',
      'GET /users/{id}: the Mocksmith rule 3 is left out (the path has no parameter "userId"; its parameters: id)',
      "GET /users/{id}: the Mocksmith network profile is left out and the project's applies (max (10 ms) must be at least min (50 ms))",
    ]);
  });

  it('gives back the routes an import of a spec made (a pet shop, an AWS-style spec)', async () => {
    for (const spec of [shop, aws]) {
      const first = planProjectImport(
        await SwaggerParser.dereference(JSON.parse(JSON.stringify(spec))),
      );
      const again = await reimported(first.routes);
      // The export says every route's settings: no rules, the project's profile, overrides on;
      // its paths are the routes' own (the spec's server path in front), and so its keys. The
      // export describes answers, not the original's requests: each import reads its own.
      const answers = (routes: PlannedRoute[]) => routes.map(({ request: _request, ...r }) => r);
      expect(answers(again.routes)).toEqual(
        answers(first.routes).map((route) => ({
          ...route,
          importKey: `${route.method} ${(parsePathTemplate(route.path) as { value: { key: string } }).value.key}`,
          rules: [],
          network: null,
          overrides: true,
        })),
      );
    }
  });
});

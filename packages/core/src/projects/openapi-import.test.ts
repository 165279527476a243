import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { routeInputSchema } from '../schemas/projects.ts';
import { compileTemplate, prepareTemplate } from '../template/compile.ts';
import { chooseResponse } from './choose.ts';
import aws from './fixtures/aws-3.0.json';
import petstore from './fixtures/petstore-2.0.json';
import shop from './fixtures/shop-3.0.json';
import type { RouteResponse } from './model.ts';
import {
  diffImport,
  type ExistingRoute,
  type PlannedRoute,
  type ProjectImportPlan,
  planProjectImport,
} from './openapi-import.ts';
import { parsePathTemplate } from './path-template.ts';
import { compileRules, MAX_RULES_PER_ROUTE, type RouteRule } from './rules.ts';

/** A document as the server's worker hands it over: parsed, then dereferenced. */
async function dereferenced(document: unknown): Promise<Record<string, unknown>> {
  return (await SwaggerParser.dereference(JSON.parse(JSON.stringify(document)))) as never;
}

async function planOf(document: unknown): Promise<ProjectImportPlan> {
  return planProjectImport(await dereferenced(document));
}

function route(plan: ProjectImportPlan, label: string): PlannedRoute {
  const found = plan.routes.find((r) => `${r.method} ${r.path}` === label);
  if (!found) throw new Error(`No planned route ${label}: ${plan.routes.map((r) => r.path)}`);
  return found;
}

const summary = (r: PlannedRoute) =>
  r.responses.map(({ name, status, isDefault }) => `${name} ${status}${isDefault ? ' *' : ''}`);

const body = (response: RouteResponse | undefined) => {
  const compiled = prepareTemplate(response?.template ?? '', { mode: 'full' });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return compiled.value.generate({ seed: 1 });
};

/** A route as the management API takes it (the server's own check). */
const asInput = (planned: PlannedRoute) => ({
  method: planned.method,
  path: planned.path,
  name: planned.name,
  responseMode: planned.responseMode,
  responses: planned.responses.map(({ isDefault, ...response }) => ({
    ...response,
    default: isDefault,
  })),
  ...(planned.rules && { rules: planned.rules }),
});

describe('planProjectImport: a pet shop', () => {
  it('makes a route per operation at its spec path, PATCH included, parameters typed', async () => {
    const plan = await planOf(shop);
    expect(plan.routes.map((r) => `${r.method} ${r.path} · ${r.name}`)).toEqual([
      'GET /v2/pets · List pets',
      'POST /v2/pets · Add a pet',
      'GET /v2/pets/{petId:integer} · Get a pet',
      'PATCH /v2/pets/{petId:integer} · updatePet',
      'DELETE /v2/pets/{petId:integer} · Delete a pet',
      "GET /v2/pets/{petId:integer}/{format} · A pet's photo",
      'GET /v2/orders/{order_id} · Get an order',
    ]);
    for (const planned of plan.routes) {
      expect(parsePathTemplate(planned.path).ok).toBe(true);
      // Found again by the spec's own path, whatever server path is kept in front of it.
      expect(`/v2${planned.importKey.split(' ')[1]}`).toBe(
        (parsePathTemplate(planned.path) as { value: { key: string } }).value.key,
      );
      expect(planned.responseMode).toBe('default');
      // Every planned route passes the create call's checks, and each template compiles.
      expect(routeInputSchema.safeParse(asInput(planned)).error).toBeUndefined();
      for (const response of planned.responses) {
        expect(compileTemplate(JSON.parse(response.template)).ok).toBe(true);
      }
    }
  });

  it('keeps the server base path in front of the paths, and says so', async () => {
    const plan = await planOf(shop);
    expect(plan.warnings).toContain(
      "The spec's server path /v2 is kept in front of each route's path (/v2/...): the routes answer where the spec's clients call them, under the project's base URL",
    );
  });

  it("leaves out a server path of variables left unresolved, or a project's own", async () => {
    const at = async (url: string, variables?: Record<string, unknown>) =>
      planOf({
        ...shop,
        servers: [{ url, ...(variables && { variables }) }],
      });
    const unresolved = await at('https://api.test/{version}/x');
    expect(unresolved.routes[0]?.path).toBe('/pets');
    expect(unresolved.warnings).toContain(
      "The spec's server path /{version}/x is left out: the routes answer at their paths under the project's base URL",
    );
    const resolved = await at('https://api.test/{version}', { version: { default: 'v3' } });
    expect(resolved.routes[0]?.path).toBe('/v3/pets');
    const own = await at('https://mocks.test/p/my-shop');
    expect(own.routes[0]?.path).toBe('/pets');
    expect(own.warnings.filter((w) => w.includes('server path'))).toEqual([]);
    const root = await at('https://api.test/');
    expect(root.routes[0]?.path).toBe('/pets');
  });

  it('makes named examples named responses, the first the default, and errors non-default', async () => {
    const plan = await planOf(shop);
    const list = route(plan, 'GET /v2/pets');
    expect(summary(list)).toEqual(['two pets 200 *', 'empty 200', 'default 500']);
    expect(body(list.responses[0])).toEqual([
      { id: 1, name: 'Rex', status: 'available' },
      { id: 2, name: 'Tom', status: 'sold' },
    ]);
    expect(body(list.responses[1])).toEqual([]);
    // The `default` error answer has a schema only: its template is derived from it.
    expect(body(list.responses[2])).toEqual({
      code: expect.any(Number),
      message: expect.any(String),
    });
    expect(summary(route(plan, 'POST /v2/pets'))).toEqual(['201 201 *', '400 400']);
  });

  it('serves an example only when its schema accepts it, and names the one it left out', async () => {
    const plan = await planOf(shop);
    const pet = route(plan, 'GET /v2/pets/{petId:integer}');
    expect(summary(pet)).toEqual(['200 200 *', 'missing 404']);
    expect(body(pet.responses[1])).toEqual({ code: 404, message: 'No pet has this id' });
    expect(plan.warnings).toContainEqual(
      expect.stringMatching(
        /^GET \/pets\/\{petId\} \(404\): the example "wrong" contradicts its schema and is not served: /,
      ),
    );
    // The success answer has no example: its body follows the schema.
    expect(body(pet.responses[0])).toMatchObject({
      status: expect.stringMatching(/^(available|sold)$/),
    });
  });

  it('keeps the literals of an example literal', async () => {
    const plan = await planOf(shop);
    const order = route(plan, 'GET /v2/orders/{order_id}');
    expect(body(order.responses[0])).toEqual({ id: 'uuid', total: 12.5, __multiply: 2 });
  });

  it('answers 204 with an empty template, and an error without a body with its status and description', async () => {
    const plan = await planOf(shop);
    const removal = route(plan, 'DELETE /v2/pets/{petId:integer}');
    expect(removal.responses).toEqual([
      {
        name: '204',
        status: 204,
        template: '{}',
        headers: [],
        delay: 0,
        isDefault: true,
        when: null,
      },
      {
        name: '404',
        status: 404,
        template: JSON.stringify({ statusCode: 404, message: 'Not found' }, null, 2),
        headers: [],
        delay: 0,
        isDefault: false,
        when: null,
      },
    ]);
  });

  it('widens a segment mixing text and a parameter, and says so', async () => {
    const plan = await planOf(shop);
    expect(route(plan, 'GET /v2/pets/{petId:integer}/{format}').importKey).toBe('GET /pets/{}/{}');
    expect(plan.warnings).toContain(
      'GET /pets/{petId}/photo.{format}: the segment "photo.{format}" mixes text and a parameter, which a route path cannot; the route GET /v2/pets/{petId:integer}/{format} answers any value there',
    );
  });

  it('skips the methods a route does not take, with the reason', async () => {
    const plan = await planOf(shop);
    expect(plan.skipped).toEqual([
      {
        operation: 'HEAD /health',
        reason:
          "HEAD is answered by every route already: the spec's HEAD operations are not imported",
      },
      {
        operation: 'TRACE /health',
        reason: 'TRACE is not a method a route answers (GET, POST, PUT, PATCH, DELETE)',
      },
    ]);
  });

  it('reads Swagger 2.0: basePath kept, parameter types, examples by media type, kept literal', async () => {
    const plan = await planOf({
      swagger: '2.0',
      info: { title: 'Old', version: '1' },
      basePath: '/api/v1',
      produces: ['application/json'],
      paths: {
        '/items/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, type: 'number' }],
            responses: {
              200: {
                description: 'An item',
                schema: { type: 'object', properties: { id: { type: 'number' } } },
                examples: { 'application/json': { id: 1.5, note: '{{request.path}}' } },
              },
              404: {
                description: 'Missing',
                schema: { type: 'object', properties: { error: { type: 'string' } } },
              },
            },
          },
        },
      },
    });
    const item = route(plan, 'GET /api/v1/items/{id:number}');
    expect(item.importKey).toBe('GET /items/{}');
    expect(summary(item)).toEqual(['200 200 *', '404 404']);
    // Text that reads like a request reference stays the example's text.
    expect(body(item.responses[0])).toEqual({ id: 1.5, note: '{{request.path}}' });
    expect(plan.warnings[0]).toBe(
      "The spec's server path /api/v1 is kept in front of each route's path (/api/v1/...): the routes answer where the spec's clients call them, under the project's base URL",
    );
  });

  it('gives a second operation at the same route (parameter names aside) a reason', async () => {
    const answer = {
      200: { description: 'ok', content: { 'application/json': { example: { a: 1 } } } },
    };
    const plan = await planOf({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/users/{id}': { get: { responses: answer } },
        '/users/{userId}.json': { get: { responses: answer } },
      },
    });
    expect(plan.routes.map((r) => r.path)).toEqual(['/users/{id}']);
    expect(plan.skipped).toEqual([
      {
        operation: 'GET /users/{userId}.json',
        reason: 'Another operation of the spec already answers GET /users/{id}',
      },
    ]);
  });
});

describe('planProjectImport: the Swagger Petstore (2.0, its 20 operations)', () => {
  /** Each operation of the spec and the statuses it declares (`default`: 200 as its success). */
  const declared = Object.entries(petstore.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      label: `${method.toUpperCase()} ${path}`,
      statuses: Object.keys(operation.responses).map((key) =>
        key === 'default' ? 200 : Number(key),
      ),
    })),
  );

  it('makes every operation a route under the kept /v2, every declared answer a named response', async () => {
    const plan = await planOf(petstore);
    expect(declared).toHaveLength(20);
    expect(plan.skipped).toEqual([]);
    expect(plan.routes).toHaveLength(20);
    for (const { label, statuses } of declared) {
      const [method, path] = label.split(' ') as [string, string];
      const key = `${method} ${(parsePathTemplate(path) as { value: { key: string } }).value.key}`;
      const planned = plan.routes.find((r) => r.importKey === key);
      expect(planned, label).toBeDefined();
      expect(planned?.path.startsWith('/v2/')).toBe(true);
      expect(planned?.responses.map((r) => r.status)).toEqual(statuses);
      expect(routeInputSchema.safeParse(asInput(planned as PlannedRoute)).error).toBeUndefined();
      // Prefer: code=N picks the response of each declared status, never a generic body.
      for (const status of statuses) {
        const chosen = chooseResponse(
          planned?.responses ?? [],
          'default',
          { prefer: `code=${status}`, header: () => undefined },
          () => 0,
        );
        expect(chosen.ok && chosen.response.status, `${label} ${status}`).toBe(status);
        expect(chosen.ok && chosen.status).toBeUndefined();
      }
    }
  });

  it('answers an operation without a success answer with its first declared one', async () => {
    const plan = await planOf(petstore);
    expect(summary(route(plan, 'POST /v2/pet'))).toEqual(['405 405 *']);
    expect(summary(route(plan, 'PUT /v2/pet'))).toEqual(['400 400 *', '404 404', '405 405']);
    const removal = route(plan, 'DELETE /v2/pet/{petId:integer}');
    expect(summary(removal)).toEqual(['400 400 *', '404 404']);
    // A body of its status and the spec's description, as an asked-for status's generic body.
    expect(body(removal.responses[1])).toEqual({ statusCode: 404, message: 'Pet not found' });
    // An answer with a schema keeps it; the success without a body is empty.
    expect(summary(route(plan, 'GET /v2/pet/{petId:integer}'))).toEqual([
      '200 200 *',
      '400 400',
      '404 404',
    ]);
    expect(body(route(plan, 'GET /v2/pet/{petId:integer}').responses[0])).toMatchObject({
      name: expect.any(String),
      photoUrls: expect.any(Array),
    });
    expect(body(route(plan, 'GET /v2/user/logout').responses[0])).toEqual({});
  });

  it('keeps a description that names a data type as its text', async () => {
    const plan = await planOf({
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { delete: { responses: { 404: { description: 'uuid' } } } } },
    });
    expect(body(route(plan, 'DELETE /x').responses[0])).toEqual({
      statusCode: 404,
      message: 'uuid',
    });
  });
});

describe('planProjectImport: operations told apart by a header (AWS JSON-RPC)', () => {
  it('makes one route whose responses each answer one X-Amz-Target', async () => {
    const plan = await planOf(aws);
    const rpc = route(plan, 'POST /');
    expect(rpc.importKey).toBe('POST /');
    expect(rpc.responses.map(({ name, isDefault, when }) => ({ name, isDefault, when }))).toEqual([
      {
        name: 'GetDomainDetail',
        isDefault: true,
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.GetDomainDetail' },
      },
      {
        name: 'ListDomains',
        isDefault: false,
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.ListDomains' },
      },
      {
        name: 'DeleteDomain',
        isDefault: false,
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.DeleteDomain' },
      },
    ]);
    expect(routeInputSchema.safeParse(asInput(rpc)).error).toBeUndefined();
    // The response choice picks each by its header.
    const pick = (target: string) =>
      chooseResponse(
        rpc.responses,
        'default',
        { header: (name) => (name === 'x-amz-target' ? target : undefined) },
        () => 0,
      );
    const listed = pick('Route53Domains_v20140515.ListDomains');
    expect(listed.ok && body(listed.response)).toEqual({
      Domains: [{ DomainName: 'example.com', AutoRenew: true }],
    });
    expect(plan.warnings).toContain(
      "POST /: one response per value of X-Amz-Target, each operation's success answer; their error answers are left out",
    );
  });

  it('groups operations told apart by a query parameter, and says a call names them', async () => {
    const plan = await planOf(aws);
    const query = route(plan, 'GET /');
    expect(summary(query)).toEqual(['GET_DescribeRegions 200 *', 'GET_DescribeZones 200']);
    expect(query.responses.every((r) => r.when === null)).toBe(true);
    expect(plan.warnings).toContain(
      'GET /: the spec tells its operations apart by the query parameter Action; a route chooses by a header only, so the default answers unless a call names another with Prefer: example=NAME',
    );
    expect(plan.skipped).toEqual([]);
  });

  it('holds at most the responses a route can, skipping the operations beyond', async () => {
    const plan = planProjectImport(await dereferenced(aws), { maxResponses: 2 });
    expect(summary(route(plan, 'POST /'))).toEqual(['GetDomainDetail 200 *', 'ListDomains 200']);
    expect(plan.skipped).toEqual([
      {
        operation: 'POST /#X-Amz-Target=Route53Domains_v20140515.DeleteDomain',
        reason: 'The route POST / already holds 2 responses, the most a route can',
      },
    ]);
  });
});

/** A document of `count` operations (GET and PUT on count/2 paths), each with an example and an error. */
function largeDocument(count: number): Record<string, unknown> {
  const pet = {
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string', maxLength: 30 },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
    },
  };
  const error = { type: 'object', properties: { message: { type: 'string' } } };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count / 2; i++) {
    const answer = (example: boolean) => ({
      200: {
        description: 'ok',
        content: {
          'application/json': {
            schema: pet,
            ...(example && { example: { id: i, name: `pet ${i}` } }),
          },
        },
      },
      404: { description: 'missing', content: { 'application/json': { schema: error } } },
    });
    paths[`/group${i % 40}/things${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: `get${i}`, responses: answer(true) },
      put: { operationId: `put${i}`, responses: answer(false) },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths };
}

/** A JSON media type with a schema that takes any object, and named examples. */
const json = (examples: Record<string, unknown>) => ({
  'application/json': {
    schema: { type: 'object' },
    examples: Object.fromEntries(
      Object.entries(examples).map(([name, value]) => [name, { value }]),
    ),
  },
});

/** An OpenAPI 3.0 document of one path item. */
const spec = (path: string, item: Record<string, unknown>) => ({
  openapi: '3.0.3',
  info: { title: 'Tiers', version: '1' },
  paths: { [path]: item },
});

/** POST /quotes: request examples gold, silver, bronze; response examples gold and silver (200), invalid (400). */
const QUOTES = spec('/quotes', {
  post: {
    summary: 'Quote a plan',
    requestBody: {
      content: json({
        gold: { tier: 'gold', seats: 10, trial: false, coupon: null, address: { city: 'Paris' } },
        silver: { tier: 'silver', seats: 2 },
        bronze: { tier: 'bronze' },
      }),
    },
    responses: {
      200: {
        description: 'A quote',
        content: json({ gold: { price: 100 }, silver: { price: 40 } }),
      },
      400: { description: 'Refused', content: json({ invalid: { message: 'no such tier' } }) },
    },
  },
});

const field = (name: string, value: string) =>
  ({ source: 'body', name, operator: 'equals', value }) as const;

describe('planProjectImport: request examples paired with response examples', () => {
  it('makes a rule per name a request example and a response example share, in order', async () => {
    const plan = await planOf(QUOTES);
    const quotes = route(plan, 'POST /quotes');
    expect(summary(quotes)).toEqual(['gold 200 *', 'silver 200', 'invalid 400']);
    // bronze has no response, invalid no request: neither makes a rule. Nested fields are left out.
    expect(quotes.rules).toEqual([
      {
        name: 'gold',
        combine: 'all',
        conditions: [
          field('$.tier', 'gold'),
          field('$.seats', '10'),
          field('$.trial', 'false'),
          field('$.coupon', 'null'),
        ],
        response: 'gold',
      },
      {
        name: 'silver',
        combine: 'all',
        conditions: [field('$.tier', 'silver'), field('$.seats', '2')],
        response: 'silver',
      },
    ] satisfies RouteRule[]);
    expect(plan.warnings).toEqual([]);
    // The route passes the management API's checks, and its rules pick as the examples say.
    expect(routeInputSchema.safeParse(asInput(quotes)).error).toBeUndefined();
    const rules = compileRules(quotes.rules ?? []);
    const request = (value: unknown) => ({ params: {}, query: {}, headers: {}, body: value });
    expect(
      rules.match(request({ tier: 'gold', seats: 10, trial: false, coupon: null }))?.rule.response,
    ).toBe('gold');
    expect(rules.match(request({ tier: 'silver', seats: 2.0 }))?.rule.response).toBe('silver');
    expect(rules.match(request({ tier: 'silver', seats: 3 }))).toBeNull();
    expect(rules.match(request({ tier: 'bronze' }))).toBeNull();
  });

  it('pairs with an error answer, quotes a field a dot cannot name, and says which example makes no rule', async () => {
    const plan = await planOf(
      spec('/orders', {
        post: {
          requestBody: {
            content: json({
              broken: { 'sku.id': 'X"1', qty: -1 },
              nested: { item: { sku: 'A1' }, tags: ['a'] },
              whole: 'just text',
            }),
          },
          responses: {
            201: { description: 'Made', content: json({ made: { id: 1 }, nested: { id: 2 } }) },
            422: { description: 'Refused', content: json({ broken: { message: 'bad quantity' } }) },
            default: { description: 'Other', content: json({ whole: { ok: true } }) },
          },
        },
      }),
    );
    const orders = route(plan, 'POST /orders');
    expect(orders.rules).toEqual([
      {
        name: 'broken',
        combine: 'all',
        conditions: [field('$["sku.id"]', 'X"1'), field('$.qty', '-1')],
        response: 'broken',
      },
      { name: 'whole', combine: 'all', conditions: [field('$', 'just text')], response: 'whole' },
    ]);
    expect(plan.warnings).toEqual([
      'POST /orders: the request example "nested" makes no rule: it has no top-level field or parameter value that is text, a number, true, false or null to compare',
    ]);
    expect(
      compileRules(orders.rules ?? []).match({
        params: {},
        query: {},
        headers: {},
        body: { 'sku.id': 'X"1', qty: -1 },
      })?.index,
    ).toBe(0);
  });

  it("pairs parameters' examples, every parameter of a name in one rule", async () => {
    const plan = await planOf(
      spec('/plans/{plan-id}', {
        get: {
          parameters: [
            {
              name: 'plan-id',
              in: 'path',
              required: true,
              schema: { type: 'integer' },
              examples: { gold: { value: 7 } },
            },
            {
              name: 'tier',
              in: 'query',
              schema: { type: 'string' },
              examples: {
                gold: { value: 'gold' },
                basic: { value: 'basic' },
                lone: { value: 'x' },
              },
            },
            {
              name: 'X-Region',
              in: 'header',
              schema: { type: 'string' },
              examples: { gold: { value: 'eu' } },
            },
            {
              name: 'seen',
              in: 'cookie',
              schema: { type: 'string' },
              examples: { basic: { value: 'yes' } },
            },
          ],
          responses: {
            200: {
              description: 'A plan',
              content: json({ basic: { seats: 1 }, gold: { seats: 10 } }),
            },
            404: { description: 'None', content: json({ missing: { message: 'no such plan' } }) },
          },
        },
      }),
    );
    const plans = route(plan, 'GET /plans/{plan_id:integer}');
    expect(plans.rules).toEqual([
      {
        name: 'gold',
        combine: 'all',
        conditions: [
          { source: 'param', name: 'plan_id', operator: 'equals', value: '7' },
          { source: 'query', name: 'tier', operator: 'equals', value: 'gold' },
          { source: 'header', name: 'X-Region', operator: 'equals', value: 'eu' },
        ],
        response: 'gold',
      },
      {
        name: 'basic',
        combine: 'all',
        conditions: [
          { source: 'query', name: 'tier', operator: 'equals', value: 'basic' },
          { source: 'cookie', name: 'seen', operator: 'equals', value: 'yes' },
        ],
        response: 'basic',
      },
    ]);
    expect(routeInputSchema.safeParse(asInput(plans)).error).toBeUndefined();
    const rules = compileRules(plans.rules ?? []);
    const call = (query: Record<string, string>, headers: Record<string, string>) =>
      rules.match({ params: { plan_id: 7 }, query, headers, body: null })?.rule.response ?? null;
    expect(call({ tier: 'gold' }, { 'x-region': 'eu' })).toBe('gold');
    expect(call({ tier: 'gold' }, { 'x-region': 'us' })).toBeNull();
    expect(call({ tier: 'basic' }, { cookie: 'seen=yes' })).toBe('basic');
  });

  it('makes at most the rules a route holds, and names the examples left out', async () => {
    const names = Array.from({ length: MAX_RULES_PER_ROUTE + 2 }, (_, i) => `tier${i}`);
    const examples = Object.fromEntries(names.map((name) => [name, { tier: name }]));
    const plan = await planOf(
      spec('/quotes', {
        post: {
          requestBody: { content: json(examples) },
          responses: { 200: { description: 'A quote', content: json(examples) } },
        },
      }),
    );
    const quotes = route(plan, 'POST /quotes');
    expect(quotes.rules?.map((rule) => rule.response)).toEqual(names.slice(0, MAX_RULES_PER_ROUTE));
    expect(plan.warnings).toEqual(
      names
        .slice(MAX_RULES_PER_ROUTE)
        .map(
          (name) =>
            `POST /quotes: the request example "${name}" makes no rule: a route holds at most ${MAX_RULES_PER_ROUTE} rules`,
        ),
    );
  });

  it('takes x-mocksmith-rules over the pairing, and says nothing of rules where a spec has no request examples', async () => {
    const own: RouteRule = {
      combine: 'any',
      conditions: [
        { source: 'header', name: 'x-tier', operator: 'in', values: ['silver', 'bronze'] },
      ],
      response: 'silver',
    };
    const document = JSON.parse(JSON.stringify(QUOTES));
    document.paths['/quotes'].post['x-mocksmith-rules'] = [own];
    expect(route(await planOf(document), 'POST /quotes').rules).toEqual([own]);
    for (const planned of (await planOf(shop)).routes) expect(planned).not.toHaveProperty('rules');
  });
});

describe('planProjectImport: size', () => {
  it('plans a 1,000-operation document within seconds', async () => {
    const document = await dereferenced(largeDocument(1000));
    const started = Date.now();
    const plan = planProjectImport(document);
    const elapsed = Date.now() - started;
    expect(plan.routes).toHaveLength(1000);
    expect(plan.routes.every((r) => r.responses.length === 2)).toBe(true);
    expect(elapsed).toBeLessThan(5000);
  });

  it('holds at most the routes a project can, skipping the operations beyond', async () => {
    const plan = planProjectImport(await dereferenced(largeDocument(10)), { maxRoutes: 8 });
    expect(plan.routes).toHaveLength(8);
    expect(plan.skipped).toEqual([
      {
        operation: 'GET /group4/things4/{id}',
        reason: 'A project holds at most 8 routes',
        importKey: 'GET /group4/things4/{}',
      },
      {
        operation: 'PUT /group4/things4/{id}',
        reason: 'A project holds at most 8 routes',
        importKey: 'PUT /group4/things4/{}',
      },
    ]);
  });
});

describe('diffImport', () => {
  const stored = (planned: PlannedRoute, changes: Partial<ExistingRoute> = {}) => ({
    id: `${planned.method} ${planned.path}`,
    importKey: planned.importKey,
    method: planned.method,
    path: planned.path,
    name: planned.name,
    responses: planned.responses,
    responseMode: planned.responseMode,
    ...changes,
  });

  it('tells created, updated, unchanged and no longer in the spec apart', async () => {
    const plan = await planOf(shop);
    const [list, add, get] = plan.routes as [PlannedRoute, PlannedRoute, PlannedRoute];
    const existing = [
      stored(list),
      stored(add, { name: 'Renamed by the user' }),
      // Made by an import before the server's path was kept: found by its key, moved under it.
      stored(get, { path: '/pets/{petId}' }),
      { ...stored(get), importKey: 'GET /gone', method: 'GET' as const, path: '/gone' },
    ];
    const diff = diffImport(existing, plan);
    expect(diff.report).toEqual({
      created: [
        'PATCH /v2/pets/{petId:integer}',
        'DELETE /v2/pets/{petId:integer}',
        'GET /v2/pets/{petId:integer}/{format}',
        'GET /v2/orders/{order_id}',
      ],
      updated: ['POST /v2/pets', 'GET /v2/pets/{petId:integer}'],
      unchanged: ['GET /v2/pets'],
      notInSpec: ['GET /gone'],
      skipped: plan.skipped.map(({ operation, reason }) => ({ operation, reason })),
      warnings: plan.warnings,
    });
    expect(diff.update.map(({ route }) => route.id)).toEqual([
      'POST /v2/pets',
      'GET /v2/pets/{petId:integer}',
    ]);
    expect(diff.update[1]?.planned.path).toBe('/v2/pets/{petId:integer}');
    expect(diff.notInSpec.map((r) => r.path)).toEqual(['/gone']);
    expect(diff.create).toHaveLength(4);
  });

  it("keeps a route made by hand where the spec has one, and skips the spec's", async () => {
    const plan = await planOf(shop);
    const [list] = plan.routes as [PlannedRoute];
    const handMade = { ...stored(list), importKey: null, path: '/v2/pets/' };
    const diff = diffImport([handMade], plan);
    expect(diff.report.created).not.toContain('GET /v2/pets');
    expect(diff.report.skipped).toContainEqual({
      operation: 'GET /v2/pets',
      reason:
        "Another route of the project, not made by an import of this spec, answers GET /v2/pets: it is kept as it is (delete it and import again to take the spec's)",
    });
    expect(diff.update).toEqual([]);
  });

  it('creates only what the project has room for', async () => {
    const plan = await planOf(shop);
    const diff = diffImport([], plan, { maxRoutes: 5 });
    expect(diff.report.created).toHaveLength(5);
    expect(diff.report.skipped.slice(-2)).toEqual([
      {
        operation: 'GET /v2/pets/{petId:integer}/{format}',
        reason: 'A project holds at most 5 routes',
      },
      { operation: 'GET /v2/orders/{order_id}', reason: 'A project holds at most 5 routes' },
    ]);
  });

  it('updates the rules the spec says, whatever order the stored keys come in, and keeps those it does not', async () => {
    const plan = await planOf(QUOTES);
    const [quotes] = plan.routes as [PlannedRoute];
    const rules = quotes.rules as RouteRule[];
    // The database gives the keys back in its own order.
    const reordered = rules.map(({ response, conditions, combine, name }) => ({
      response,
      conditions: conditions.map(({ value, operator, name, source }) => ({
        value,
        operator,
        name,
        source,
      })),
      combine,
      name,
    }));
    expect(diffImport([stored(quotes, { rules: reordered })], plan).report.unchanged).toEqual([
      'POST /quotes',
    ]);
    const diff = diffImport([stored(quotes, { rules: rules.slice(1) })], plan);
    expect(diff.report.updated).toEqual(['POST /quotes']);
    expect(diff.update[0]?.planned.rules).toEqual(rules);
    // A plan that says nothing of rules leaves the route's own alone.
    const { rules: _none, ...silent } = quotes;
    const handMade = diffImport([stored(quotes, { rules: rules.slice(1) })], {
      ...plan,
      routes: [silent],
    });
    expect(handMade.report.unchanged).toEqual(['POST /quotes']);
  });

  it("does not call a route skipped for the project's room no longer in the spec", async () => {
    const document = await dereferenced(largeDocument(10));
    const first = planProjectImport(document);
    const existing = first.routes.map((planned) => stored(planned));
    const diff = diffImport(existing, planProjectImport(document, { maxRoutes: 8 }));
    expect(diff.report.notInSpec).toEqual([]);
    expect(diff.report.unchanged).toHaveLength(8);
  });
});

import { describe, expect, it } from 'vitest';
import { routeInputSchema } from '../schemas/projects.ts';
import { compileTemplate } from '../template/compile.ts';
import { chooseResponse } from './choose.ts';
import aws from './fixtures/aws-3.0.json';
import {
  asInput,
  body,
  dereferenced,
  largeDocument,
  planOf,
  route,
  summary,
} from './fixtures/import-documents.ts';
import petstore from './fixtures/petstore-2.0.json';
import shop from './fixtures/shop-3.0.json';
import { type PlannedRoute, planProjectImport } from './openapi-import.ts';
import { parsePathTemplate } from './path-template.ts';
import { compileRules } from './rule-match.ts';

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
          { prefer: `code=${status}` },
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
    // The response choice picks each by its header, a rule compiled from its condition.
    const rules = compileRules([], rpc.responses);
    const pick = (target: string) =>
      chooseResponse(
        rpc.responses,
        'default',
        {
          rule: () => {
            const matched = rules.match({
              params: {},
              query: {},
              headers: { 'x-amz-target': target },
              body: null,
            });
            return matched && { ...matched, response: matched.rule.response };
          },
        },
        () => 0,
      );
    const listed = pick('Route53Domains_v20140515.ListDomains');
    expect(listed).toMatchObject({ reason: 'header' });
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

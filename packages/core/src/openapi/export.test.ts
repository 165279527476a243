import SwaggerParser from '@apidevtools/swagger-parser';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../data-types/catalogue.ts';
import { createContext } from '../data-types/context.ts';
import { importTexts } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import { createRandom } from '../random.ts';
import { normalizeCustomEndpoint } from '../schemas/api.ts';
import { compileTemplate } from '../template/compile.ts';
import {
  BEARER_SCHEME,
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiExportApi,
  templateToSchema,
} from './export.ts';
import { openApiFileName } from './file-name.ts';
import { planImport } from './plan.ts';
import { DATA_TYPE_SCHEMAS } from './type-schemas.ts';

const SEEDS = 20;
const ORIGIN = 'https://mocks.example.test';
const TOKEN = `mck_${'a1B2c3D4'.repeat(5)}`;

// Strict: a keyword misspelt or misplaced by the export fails to compile instead of being ignored.
// (Tuples are left open on purpose: fixed elements may be followed by multiplied ones.)
const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true });
addFormats(ajv as unknown as Ajv);

let validated = 0;

/** Generates SEEDS seeded bodies of `template` and checks each against `schema`. */
function expectBodiesValid(template: JsonValue, schema: object, label = ''): void {
  const compiled = compileTemplate(template, { mode: 'full' });
  if (!compiled.ok) throw new Error(`template refused: ${JSON.stringify(compiled.errors)}`);
  const validate = ajv.compile(schema);
  for (let seed = 0; seed < SEEDS; seed++) {
    const body = compiled.value.generate({ seed: `export-${label}-${seed}` });
    const ok = validate(body);
    if (!ok) {
      throw new Error(
        `${label} seed ${seed}: ${JSON.stringify(body)} fails ${JSON.stringify(validate.errors)}`,
      );
    }
    validated++;
  }
}

describe('templateToSchema: catalogue types', () => {
  it('every catalogue type has a measured schema, and no other name has one', () => {
    expect(Object.keys(DATA_TYPE_SCHEMAS).sort()).toEqual(catalogue.map((t) => t.name).sort());
  });

  it('the schema of each type has its kind as JSON type', () => {
    for (const type of catalogue) {
      const schema = templateToSchema(type.name);
      const expected = type.kind === 'number' ? ['number', 'integer'] : [type.kind];
      expect(expected, type.name).toContain(schema.type);
    }
  });

  it('basic types: uuid, email and date say their format', () => {
    expect(templateToSchema('uuid')).toEqual({ type: 'string', format: 'uuid' });
    expect(templateToSchema('email')).toEqual({ type: 'string', format: 'email' });
    expect(templateToSchema('date')).toEqual({ type: 'string', format: 'date-time' });
    expect(templateToSchema('number')).toEqual({ type: 'integer' });
    expect(templateToSchema('percentage')).toEqual({ type: 'number' });
    expect(templateToSchema('array')).toEqual({ type: 'array', items: { type: 'string' } });
  });

  for (const type of catalogue) {
    it(`${type.name}: ${SEEDS} seeded values validate`, () => {
      const validate = ajv.compile(templateToSchema(type.name));
      for (let seed = 0; seed < SEEDS; seed++) {
        const random = createRandom(`export-type-${type.name}-${seed}`);
        // Each seed at its own reference time, between 2000 and 2100.
        const now = Date.UTC(2000, 0, 1) + Math.floor(random.next() * 100 * 365.25 * 86_400_000);
        const value = type.generate(createContext(random, now));
        expect(
          validate(value),
          `${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`,
        ).toBe(true);
        validated++;
      }
      // And as a value inside an object, as templates use them.
      const template = { value: type.name };
      expectBodiesValid(template, templateToSchema(template), `${type.name}-in-object`);
    });
  }
});

const COMPOSED: Record<string, JsonValue> = {
  'an object of basic types and literals': {
    id: 'uuid',
    email: 'email',
    createdAt: 'date',
    name: 'string.name.fullname',
    kind: 'customer',
    age: 42,
    active: true,
    deleted: null,
    tags: 'array',
    score: 'percentage',
  },
  'a multiplied list of objects': [
    {
      __multiply: '2-7',
      id: 'uuid',
      price: 'number.money.price',
      weather: 'object.weather.complete',
    },
  ],
  'fixed elements, then a multiplied one, then a fixed one': [
    'uuid',
    42,
    { __multiply: '0-3', n: 'number' },
    'lorem',
  ],
  'an empty multiply and an exact one': [
    { __multiply: '0-0', a: 'uuid' },
    { __multiply: '5-5', b: 'email' },
  ],
  directives: {
    status: { __oneOf: ['active', 'inactive', 'banned'] },
    mixed: { __oneOf: ['uuid', 42, null, { nested: 'email' }] },
    overlapping: { __oneOf: ['uuid', 'string', 'email'] },
    price: { __number: { min: 1, max: 99, multipleOf: 0.01 } },
    count: { __number: { min: 0, max: 10, integer: true, exclusiveMax: true } },
    rate: { __number: { min: -1, max: 1, decimals: 3, exclusiveMin: true } },
    code: { __string: { pattern: '^[A-Z]{3}-\\d{4}$' } },
    text: { __string: { minLength: 5, maxLength: 12 } },
    raw: { __literal: { __multiply: '1-2', type: 'uuid' } },
    typeName: { __literal: 'uuid' },
  },
  'multiplied directives': [{ __multiply: '1-4', __oneOf: ['a', 'b'] }],
  'nested lists': {
    matrix: [
      {
        __multiply: '1-3',
        row: [{ __multiply: '2-2', __number: { min: 0, max: 9, integer: true } }],
      },
    ],
  },
  'a __proto__ key': JSON.parse('{"__proto__": "uuid", "constructor": "number"}'),
  'a list of a type and a literal': ['string.name.fullname', 'hello'],
  'an empty object': {},
  'an empty array': [],
};

describe('templateToSchema: composed templates', () => {
  for (const [name, template] of Object.entries(COMPOSED)) {
    it(`${name}: ${SEEDS} seeded bodies validate`, () => {
      expectBodiesValid(template, templateToSchema(template), name);
    });
  }

  it('objects require all their keys and allow no other', () => {
    expect(templateToSchema({ a: 'uuid', b: 1 })).toEqual({
      type: 'object',
      properties: { a: { type: 'string', format: 'uuid' }, b: { const: 1 } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });

  it('arrays take their bounds from __multiply and keep fixed elements in place', () => {
    expect(templateToSchema([{ __multiply: '2-7', id: 'uuid' }])).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['id'] },
      minItems: 2,
      maxItems: 7,
    });
    expect(templateToSchema(['uuid', 1])).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string', format: 'uuid' }, { const: 1 }],
      items: false,
      minItems: 2,
      maxItems: 2,
    });
  });

  it('directives: enum, oneOf of distinct types, anyOf of overlapping ones, bounds, const', () => {
    const schema = templateToSchema(COMPOSED.directives as JsonValue) as {
      properties: Record<string, JsonSchema>;
    };
    const p = schema.properties;
    expect(p.status).toEqual({ enum: ['active', 'inactive', 'banned'] });
    expect(p.mixed?.oneOf).toHaveLength(4);
    expect(p.overlapping?.anyOf).toHaveLength(3);
    expect(p.price).toEqual({ type: 'number', minimum: 1, maximum: 99, multipleOf: 0.01 });
    expect(p.count).toEqual({ type: 'integer', minimum: 0, exclusiveMaximum: 10 });
    expect(p.rate).toEqual({ type: 'number', exclusiveMinimum: -1, maximum: 1 });
    expect(p.code).toEqual({
      type: 'string',
      minLength: 0,
      maxLength: 256,
      pattern: '^[A-Z]{3}-\\d{4}$',
    });
    expect(p.text).toEqual({ type: 'string', minLength: 5, maxLength: 12 });
    expect(p.raw).toEqual({ const: { __multiply: '1-2', type: 'uuid' } });
    expect(p.typeName).toEqual({ const: 'uuid' });
  });
});

function api(overrides: Partial<OpenApiExportApi> = {}): OpenApiExportApi {
  return {
    requestId: 'abcdefgh12345678',
    name: 'Users',
    description: null,
    template: '{"id": "uuid", "name": "string.name.fullname", "age": "number"}',
    requestEnum: 'GET',
    customEndpoint: null,
    option: { httpCode: 200, authToken: null },
    ...overrides,
  };
}

const APIS: OpenApiExportApi[] = [
  api({ requestId: 'get0000000000001', name: 'List users', customEndpoint: '/users/list' }),
  api({
    requestId: 'post000000000002',
    name: 'Create order',
    requestEnum: 'POST',
    description: 'Creates an order',
    template: JSON.stringify(COMPOSED.directives),
    option: { httpCode: 201, authToken: TOKEN },
  }),
  api({
    requestId: 'put0000000000003',
    name: 'Update order',
    requestEnum: 'PUT',
    template: JSON.stringify(COMPOSED['a multiplied list of objects']),
  }),
  api({
    requestId: 'del0000000000004',
    name: 'Delete order',
    requestEnum: 'DELETE',
    template: '{}',
    option: { httpCode: 204, authToken: null },
  }),
  api({
    requestId: 'get0000000000005',
    name: 'One user',
    customEndpoint: '/users/{userId}/orders/{orderId}',
    template: JSON.stringify(COMPOSED['an object of basic types and literals']),
    option: { httpCode: 404, authToken: TOKEN },
  }),
  api({
    requestId: 'get0000000000006',
    name: 'One order',
    customEndpoint: '/orders/{orderId}',
    template: JSON.stringify(COMPOSED['fixed elements, then a multiplied one, then a fixed one']),
    option: { httpCode: 200, authToken: TOKEN },
  }),
];

function build(apis = APIS) {
  return buildOpenApiDocument(apis, { mockOrigin: `${ORIGIN}/`, title: 'Mocksmith APIs' });
}

/** A deep copy, as swagger-parser changes the document it reads. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe('buildOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1.0 document (swagger-parser)', async () => {
    const document = build();
    await expect(SwaggerParser.validate(copy(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: ORIGIN }]);
  });

  it('puts each API at its custom endpoint, its mock URL’s base the operation’s server', () => {
    const document = build();
    expect(Object.keys(document.paths)).toEqual([
      '/users/list',
      '/',
      '/users/{userId}/orders/{orderId}',
      '/orders/{orderId}',
    ]);
    expect(Object.keys(document.paths['/'] ?? {})).toEqual(['post', 'put', 'delete']);
    const post = document.paths['/']?.post as {
      responses: Record<string, unknown>;
      summary: string;
      description: string;
      servers: { url: string }[];
    };
    expect(Object.keys(post.responses)).toEqual(['201']);
    expect(post.summary).toBe('Create order');
    expect(post.description).toBe('Creates an order');
    expect(post.servers).toEqual([{ url: `${ORIGIN}/backend/apitemplate/post/post000000000002` }]);
    const one = document.paths['/users/{userId}/orders/{orderId}']?.get as { servers: unknown };
    expect(one.servers).toEqual([{ url: `${ORIGIN}/backend/apitemplate/get/get0000000000005` }]);
  });

  it('gives a second API at the same path and method its whole mock path', () => {
    const twin = api({
      requestId: 'get0000000000007',
      name: 'Users again',
      customEndpoint: '/users/list',
    });
    const document = build([APIS[0] as OpenApiExportApi, twin]);
    expect(Object.keys(document.paths)).toEqual([
      '/users/list',
      '/backend/apitemplate/get/get0000000000007/users/list',
    ]);
    const second = document.paths['/backend/apitemplate/get/get0000000000007/users/list']?.get as {
      servers?: unknown;
      summary: string;
    };
    expect(second.servers).toBeUndefined();
    expect(second.summary).toBe('Users again');
  });

  it('declares the path parameters of a custom endpoint', () => {
    const item = build().paths['/users/{userId}/orders/{orderId}'] as { parameters: unknown[] };
    expect(item.parameters).toEqual([
      { name: 'userId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'orderId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('requires bearer auth on the protected APIs only, never writing a token', () => {
    const document = build();
    expect(JSON.stringify(document)).not.toContain(TOKEN);
    expect(document.components.securitySchemes).toEqual({
      [BEARER_SCHEME]: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const security = Object.values(document.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([key]) => key !== 'parameters')
        .map(([, op]) => (op as { security?: unknown }).security),
    );
    expect(security).toEqual([
      undefined,
      [{ [BEARER_SCHEME]: [] }],
      undefined,
      undefined,
      [{ [BEARER_SCHEME]: [] }],
      [{ [BEARER_SCHEME]: [] }],
    ]);
    expect(build([APIS[0] as OpenApiExportApi]).components).toEqual({});
  });

  it('gives each body a schema and the example its URL answers with ?seed={requestId}', () => {
    const document = build();
    for (const a of APIS) {
      const op = exportedOperation(document, a) as {
        responses: Record<
          string,
          { content?: Record<string, { schema: object; example: unknown }> }
        >;
      };
      const response = op.responses[String(a.option.httpCode)];
      if (a.option.httpCode === 204) {
        expect(response?.content).toBeUndefined();
        continue;
      }
      const media = response?.content?.['application/json'];
      const compiled = compileTemplate(JSON.parse(a.template), { mode: 'full' });
      if (!compiled.ok) throw new Error('refused');
      expect(media?.example).toEqual(compiled.value.generate({ seed: a.requestId }));
      expect(ajv.validate(media?.schema as object, media?.example)).toBe(true);
    }
  });

  it('is the same document when built twice', () => {
    expect(JSON.stringify(build())).toBe(JSON.stringify(build()));
  });
});

describe('round trip: planImport of the exported document', () => {
  it('gives each API back with its name, method, status and endpoint, and bodies that validate', async () => {
    const document = build();
    const dereferenced = await SwaggerParser.dereference(copy(document) as never);
    const plan = planImport(dereferenced);
    // The importer answers with the lowest 2xx: an API set to answer 404 has none to import.
    const answered = APIS.filter((a) => a.option.httpCode < 300);
    expect(plan.skipped).toEqual([
      {
        method: 'GET',
        path: '/users/{userId}/orders/{orderId}',
        reason: importTexts.noSuccessResponse,
      },
    ]);
    expect(plan.operations).toHaveLength(answered.length);
    for (const a of answered) {
      const op = plan.operations.find((o) => o.name === a.name);
      expect(op, a.name).toBeDefined();
      if (!op) continue;
      expect(op.method).toBe(a.requestEnum);
      expect(op.httpCode).toBe(a.option.httpCode);
      expect(normalizeCustomEndpoint(op.customEndpoint)).toBe(a.customEndpoint);
      if (a.option.httpCode === 204) continue;
      const exported = exportedOperation(document, a) as {
        responses: Record<string, { content: Record<string, { schema: object }> }>;
      };
      const schema = exported.responses[String(a.option.httpCode)]?.content['application/json']
        ?.schema as object;
      expectBodiesValid(op.template, schema, `round-trip-${a.requestId}`);
    }
  });
});

/** The operation an API became in an exported document: found by its server, else its path. */
function exportedOperation(document: ReturnType<typeof build>, a: OpenApiExportApi): unknown {
  const method = a.requestEnum.toLowerCase();
  for (const [path, item] of Object.entries(document.paths)) {
    const op = item[method] as { servers?: { url: string }[] } | undefined;
    if (!op) continue;
    if (op.servers?.[0]?.url.endsWith(`/${a.requestId}`) || path.includes(a.requestId)) return op;
  }
  return undefined;
}

describe('openApiFileName', () => {
  it('keeps ASCII letters and digits, one underscore for each other character', () => {
    expect(openApiFileName('Users API 2')).toBe('Users_API_2.openapi.json');
    expect(openApiFileName('Café 🚀')).toBe('Caf___.openapi.json');
  });
});

describe('what was measured', () => {
  it('validated every body: 20 seeds per catalogue type (alone and in an object), per composed template and per round-tripped API', () => {
    // 292 types: 11,680 values; 11 composed templates: 220 bodies; 4 round-tripped bodies: 80.
    const roundTripped = APIS.filter((a) => a.option.httpCode < 300 && a.option.httpCode !== 204);
    expect(validated).toBe(
      SEEDS * (2 * catalogue.length + Object.keys(COMPOSED).length + roundTripped.length),
    );
  });
});

import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../json.ts';
import { compileTemplate } from '../template/compile.ts';
import { EXPECTED } from './fixtures/expected.ts';
import petstore from './fixtures/petstore-3.0.json';
import store from './fixtures/store-2.0.json';
import zoo from './fixtures/zoo-3.1.json';
import { planImport } from './plan.ts';
import type { ImportPlan, PlannedOperation } from './types.ts';
import { createSchemaValidator, type Dialect, dialectOf } from './validator.ts';

const FIXTURES: Record<string, unknown> = {
  'petstore-3.0.json': petstore,
  'zoo-3.1.json': zoo,
  'store-2.0.json': store,
};

const SEEDS = 20;

/** The fixture as the server will hand it over: parsed, then dereferenced by swagger-parser. */
async function dereferenced(name: string): Promise<Record<string, unknown>> {
  const copy = JSON.parse(JSON.stringify(FIXTURES[name]));
  return (await SwaggerParser.dereference(copy)) as unknown as Record<string, unknown>;
}

/** The response schema of a planned operation, read from the dereferenced document. */
function responseSchema(
  document: Record<string, unknown>,
  dialect: Dialect,
  op: PlannedOperation,
): unknown {
  // biome-ignore lint/suspicious/noExplicitAny: walking a document of the tests' own making.
  const responses = (document as any).paths[op.path][op.method.toLowerCase()].responses;
  const response = responses[String(op.httpCode)] ?? responses.default;
  if (dialect === '2.0') return response.schema;
  return response.content?.['application/json']?.schema;
}

const plans: Record<string, { document: Record<string, unknown>; plan: ImportPlan }> = {};
// Core is typed without Node's or the DOM's globals; the runner has a console.
declare const console: { log(message: string): void };

/** What the suite measured, printed at its end (the closing note quotes it). */
let bodiesValidated = 0;

afterAll(() => {
  const all = Object.values(plans).map(({ plan }) => plan);
  const apis = all.reduce((sum, plan) => sum + plan.operations.length, 0);
  const skipped = all.reduce((sum, plan) => sum + plan.skipped.length, 0);
  console.log(
    `openapi fixtures: ${all.length} documents, ${apis} operations became APIs, ${skipped} skipped; ${bodiesValidated} generated bodies validated against their response schemas`,
  );
});

beforeAll(async () => {
  for (const name of Object.keys(FIXTURES)) {
    const document = await dereferenced(name);
    plans[name] = { document, plan: planImport(document) };
  }
});

function operation(fixture: string, name: string): PlannedOperation {
  const found = plans[fixture]?.plan.operations.find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name} in ${fixture}`);
  return found;
}

describe('planImport: every fixture', () => {
  for (const [fixture, expected] of Object.entries(EXPECTED)) {
    it(`${fixture}: plans the expected APIs and skips the rest`, () => {
      const { plan } = plans[fixture] as { plan: ImportPlan };
      expect(
        plan.operations.map(({ name, method, path, httpCode, report }) => ({
          name,
          method,
          path,
          httpCode,
          source: report.source,
        })),
      ).toEqual(expected.operations);
      expect(plan.skipped.map(({ method, path }) => ({ method, path }))).toEqual(expected.skipped);
      for (const op of plan.operations) expect(op.customEndpoint).toBe(op.path);
    });

    it(`${fixture}: ${SEEDS} seeded bodies of every operation validate against the response schema`, () => {
      const { document, plan } = plans[fixture] as {
        document: Record<string, unknown>;
        plan: ImportPlan;
      };
      const dialect = dialectOf(document) as Dialect;
      const validator = createSchemaValidator(dialect);
      let validated = 0;
      for (const op of plan.operations) {
        const compiled = compileTemplate(op.template);
        expect(compiled.ok, `${op.name}: ${JSON.stringify(compiled)}`).toBe(true);
        if (!compiled.ok) continue;
        const schema = responseSchema(document, dialect, op);
        if (op.report.source === 'none') {
          expect(op.template).toEqual({});
          continue;
        }
        const check = validator.check(schema);
        for (let seed = 0; seed < SEEDS; seed++) {
          const body = compiled.value.generate({ seed });
          const errors = check(body);
          expect(errors, `${op.name} seed ${seed}: ${JSON.stringify(body)}`).toEqual([]);
          validated++;
        }
      }
      bodiesValidated += validated;
      expect(validated).toBe(
        plan.operations.filter((o) => o.report.source !== 'none').length * SEEDS,
      );
    });
  }
});

describe('planImport: OpenAPI 3.0', () => {
  it('merges allOf parts, drops writeOnly, keeps readOnly and honours every keyword', () => {
    const op = operation('petstore-3.0.json', 'listPets');
    const template = op.template as JsonValue[];
    const element = template[0] as Record<string, JsonValue>;
    expect(element.__multiply).toBe('1-3');
    expect(Object.keys(element)).toEqual([
      '__multiply',
      'name',
      'tag',
      'status',
      'createdAt',
      'ownerEmail',
      'price',
      'code',
      'id',
    ]);
    expect(element.status).toEqual({ __oneOf: ['available', 'pending', 'sold'] });
    expect(element.tag).toEqual({ __oneOf: ['string', null] });
    expect(element.createdAt).toBe('date');
    expect(element.ownerEmail).toBe('email');
    expect(element.code).toEqual({ __string: { pattern: '^[A-Z]{3}-\\d{4}$' } });
    expect(element.price).toEqual({
      __number: { min: 0, max: 1000, exclusiveMin: true, multipleOf: 0.01 },
    });
    expect(op.report.ignored).toContainEqual({
      pointer:
        '#/paths/~1pets/get/responses/200/content/application~1json/schema/items/properties/password',
      keyword: 'writeOnly',
      reason: 'writeOnly: left out of answers',
    });
  });

  it('serves an example valid against its schema, as written', () => {
    const op = operation('petstore-3.0.json', 'createPet');
    expect(op.report.source).toBe('example');
    expect(
      compileTemplate(op.template).ok &&
        (compileTemplate(op.template) as { value: { generate(): unknown } }).value.generate(),
    ).toEqual(
      // biome-ignore lint/suspicious/noExplicitAny: reading the fixture.
      (petstore as any).paths['/pets'].post.responses['201'].content['application/json'].example,
    );
  });

  it('flags an example that contradicts its schema, and serves the schema instead', () => {
    const op = operation('petstore-3.0.json', 'showPetById');
    expect(op.report.source).toBe('schema');
    expect(op.report.contradictingExamples).toHaveLength(1);
    const flagged = op.report.contradictingExamples[0];
    expect(flagged?.pointer).toBe(
      '#/paths/~1pets~1{petId}/get/responses/200/content/application~1json/examples/wrong/value',
    );
    expect(flagged?.errors).toEqual(
      expect.arrayContaining([
        '/id must be integer',
        '/status must be equal to one of the allowed values',
      ]),
    );
  });

  it('honours a discriminator with its mapping: each body is a cat or a dog, petType set', () => {
    const op = operation('petstore-3.0.json', 'Replace a pet');
    expect(op.report.branches).toEqual([
      {
        pointer: '#/paths/~1pets~1{petId}/put/responses/200/content/application~1json/schema/oneOf',
        chosen: 'cat, dog',
        why: 'the spec allows several shapes, told apart by "petType": each answer is one of cat, dog, with "petType" set to match',
      },
    ]);
    const compiled = compileTemplate(op.template);
    if (!compiled.ok) throw new Error('not compiled');
    const kinds = new Set(
      Array.from(
        { length: 40 },
        (_, seed) => (compiled.value.generate({ seed }) as { petType: string }).petType,
      ),
    );
    expect(kinds).toEqual(new Set(['cat', 'dog']));
  });

  it('cuts a circular schema at the stated depth and says where', () => {
    const op = operation('petstore-3.0.json', 'GET /pets/{petId}/family');
    expect(op.report.recursionCut.length).toBeGreaterThan(0);
    expect(op.report.recursionCut[0]).toMatch(
      /^#\/paths\/~1pets~1\{petId\}~1family\/get\/responses\/200\/content\/application~1json\/schema\/properties\/(parent|children)/,
    );
  });

  it('takes the first branch of a oneOf without a discriminator, and says so', () => {
    const op = operation('petstore-3.0.json', 'listThings');
    expect(op.httpCode).toBe(200);
    expect(op.report.branches).toEqual([
      {
        pointer:
          '#/paths/~1things/get/responses/default/content/application~1json/schema/properties/thing/oneOf',
        chosen: 'shape 1',
        why: 'the spec allows several shapes and names no discriminator; the first shape is used',
      },
    ]);
    expect((op.template as Record<string, JsonValue>).labels).toEqual({ __literal: ['a', 'b'] });
  });

  it('answers an empty object where there is no JSON answer', () => {
    for (const name of ['deletePet', 'getReport']) {
      const op = operation('petstore-3.0.json', name);
      expect(op.template).toEqual({});
      expect(op.report.source).toBe('none');
    }
  });

  it('names why an operation is skipped', () => {
    expect(plans['petstore-3.0.json']?.plan.skipped).toEqual([
      {
        method: 'PATCH',
        path: '/pets/{petId}',
        reason: 'PATCH is not a method a mock API answers (GET, POST, PUT, DELETE)',
      },
      { method: 'GET', path: '/broken', reason: 'No 2xx or default response to answer with' },
    ]);
  });
});

describe('planImport: OpenAPI 3.1', () => {
  it('reads type arrays with null, const, and numeric exclusive bounds', () => {
    const op = operation('zoo-3.1.json', 'listAnimals');
    const template = op.template as Record<string, JsonValue>;
    expect(template.kind).toBe('page');
    expect(template.next).toEqual({ __oneOf: ['string.internet.url', null] });
    expect(template.total).toEqual({
      __number: { min: 0, max: 100, exclusiveMin: true, integer: true },
    });
  });

  it('expands a discriminated allOf hierarchy into its mapped subtypes', () => {
    const op = operation('zoo-3.1.json', 'listAnimals');
    expect(op.report.branches.map((b) => b.chosen)).toEqual(['lion, parrot']);
  });

  it('reports the null branch of an anyOf and the recursion of a keeper', () => {
    const op = operation('zoo-3.1.json', 'removeKeeper');
    expect(op.report.branches.map((b) => b.chosen)).toEqual(['null']);
    expect(op.report.recursionCut.length).toBeGreaterThan(0);
  });

  it('maps property names and formats to catalogue types, and says what it cannot generate', () => {
    const op = operation('zoo-3.1.json', 'buyTicket');
    const t = op.template as Record<string, JsonValue>;
    expect(t.lastName).toBe('string.name.lastname');
    expect(t.phone).toEqual({ __string: { pattern: '^\\+1[2-9][0-9]{9}$' } });
    expect(t.country).toBe('string.address.country');
    expect(t.updatedAt).toBe('date');
    expect(t.avatarUrl).toBe('string.internet.avatar');
    expect(t.visitDate).toBe('string.time.date');
    expect(t.ip).toBe('string.internet.ipv6');
    expect(t.code).toEqual({
      __string: { minLength: 10, maxLength: 10, pattern: '^ZOO-[0-9]{6}$' },
    });
    expect('word' in t).toBe(false);
    expect(op.report.ignored).toContainEqual(
      expect.objectContaining({
        keyword: 'pattern',
        pointer:
          '#/paths/~1tickets/post/responses/201/content/application~1json/schema/properties/word',
      }),
    );
  });

  it('uses a valid example from `examples`', () => {
    expect(operation('zoo-3.1.json', 'getAnimal').report.source).toBe('example');
  });
});

describe('planImport: Swagger 2.0', () => {
  it('uses examples["application/json"] when valid and flags one that is not', () => {
    expect(operation('store-2.0.json', 'placeOrder').report.source).toBe('example');
    const op = operation('store-2.0.json', 'getOrder');
    expect(op.report.contradictingExamples[0]?.pointer).toBe(
      '#/paths/~1orders~1{orderId}/get/responses/200/examples/application~1json',
    );
  });

  it('expands a string discriminator into the definitions that extend the base', () => {
    const op = operation('store-2.0.json', 'List payments');
    expect(op.report.branches.map((b) => b.chosen)).toEqual(['CardPayment, BankPayment']);
  });

  it('answers nothing for an XML-only or file answer', () => {
    for (const name of ['cancelOrder', 'downloadInvoice']) {
      expect(operation('store-2.0.json', name).template).toEqual({});
    }
  });
});

describe('planImport: documents of no known version', () => {
  it('gives an empty plan naming the problem', () => {
    expect(planImport({ openapi: '4.0.0', paths: {} })).toEqual({
      operations: [],
      skipped: [
        {
          method: '*',
          path: '*',
          reason: 'Not an OpenAPI 3.0, OpenAPI 3.1 or Swagger 2.0 document (4.0.0)',
        },
      ],
    });
  });
});

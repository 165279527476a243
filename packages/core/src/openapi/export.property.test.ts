import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../data-types/catalogue.ts';
import { getDataType } from '../data-types/lookup.ts';
import type { JsonValue } from '../json.ts';
import { compileTemplate } from '../template/compile.ts';
import {
  DIRECTIVE_KEYS,
  LITERAL_KEY,
  NUMBER_KEY,
  ONE_OF_KEY,
  STRING_KEY,
} from '../template/directives.ts';
import { MULTIPLY_KEY } from '../template/multiply.ts';
import { templateToSchema } from './export.ts';

const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true });
addFormats(ajv as unknown as Ajv);

const typeNames = catalogue.map((t) => t.name);

const literal = fc.oneof(
  fc.string().filter((s) => getDataType(s) === undefined),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const key = fc
  .string({ maxLength: 8 })
  .filter((k) => k !== MULTIPLY_KEY && !DIRECTIVE_KEYS.includes(k));

const range = fc.tuple(fc.nat(4), fc.nat(4)).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);

const numberDirective = fc
  .record(
    {
      min: fc.integer({ min: -1000, max: 1000 }),
      span: fc.integer({ min: 1, max: 1000 }),
      integer: fc.boolean(),
      exclusiveMin: fc.boolean(),
      exclusiveMax: fc.boolean(),
      multipleOf: fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.5, 1, 3, 7),
      decimals: fc.integer({ min: 0, max: 4 }),
    },
    { requiredKeys: ['min', 'span'] },
  )
  .map(({ min, span, ...rest }) => ({ [NUMBER_KEY]: { min, max: min + span, ...rest } }));

const stringDirective = fc.oneof(
  fc
    .tuple(fc.nat(20), fc.nat(20))
    .map(([a, b]) => ({ [STRING_KEY]: { minLength: Math.min(a, b), maxLength: Math.max(a, b) } })),
  fc
    .constantFrom('^[A-Z]{3}-\\d{4}$', '^[a-f0-9]{8}$', '^(red|green|blue)$', '^\\w+@\\w+\\.com$')
    .map((pattern) => ({ [STRING_KEY]: { pattern } })),
);

/** Valid templates: types, literals, objects, arrays with multiplied objects, and directives. */
const { template } = fc.letrec<{ value: JsonValue; object: JsonValue; template: JsonValue }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...typeNames),
      literal,
      tie('object'),
      fc.array(
        fc.oneof(
          tie('value'),
          fc
            .tuple(range, tie('object'))
            .map(([r, o]) => ({ [MULTIPLY_KEY]: r, ...(o as object) }) as JsonValue),
        ),
        { maxLength: 4 },
      ),
      fc.array(tie('value'), { minLength: 1, maxLength: 4 }).map((c) => ({ [ONE_OF_KEY]: c })),
      fc.jsonValue({ maxDepth: 2 }).map((v) => ({ [LITERAL_KEY]: v as JsonValue })),
      numberDirective,
      stringDirective,
    ),
    object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    template: fc.oneof(tie('object'), fc.array(tie('value'), { maxLength: 4 })),
  }),
);

describe('templateToSchema: any valid template', () => {
  it('every body generated (5 seeds) validates against the schema', () => {
    let bodies = 0;
    fc.assert(
      fc.property(template, fc.integer(), (t, seed) => {
        const compiled = compileTemplate(t, { mode: 'full' });
        // An unsatisfiable __number draw, or a body over a limit: not a template to judge.
        fc.pre(compiled.ok);
        if (!compiled.ok) return;
        const validate = ajv.compile(templateToSchema(t));
        for (let i = 0; i < 5; i++) {
          const body = compiled.value.generate({ seed: seed + i });
          if (!validate(body)) {
            throw new Error(`${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`);
          }
          bodies++;
        }
      }),
      { numRuns: 300 },
    );
    expect(bodies).toBeGreaterThan(1000);
  }, 60_000);
});

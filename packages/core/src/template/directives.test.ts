import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import { serialisedBytes } from '../testing/bytes.ts';
import { type CompileOptions, compileTemplate, ResponseTooLargeError } from './compile.ts';
import { codePointLength, decimalsOf } from './directives.ts';
import { analyseTemplate, validateTemplate } from './validate.ts';

const DEMO_TEXT =
  'Only the following types are available in the demo: string, number, boolean, email, uuid, date, lorem, array. Sign up to create your own custom types!';

function compile(template: unknown, options: CompileOptions = {}) {
  const result = compileTemplate(template, options);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

/** `count` bodies of `template`, seeds 0..count-1. */
function bodies(template: unknown, count = 200): JsonValue[] {
  const compiled = compile(template);
  return Array.from({ length: count }, (_, seed) => compiled.generate({ seed }));
}

/** The values at key `v` of `count` bodies of `{ v: directive }`. */
function draws(directive: JsonValue, count = 200): JsonValue[] {
  return bodies({ v: directive }, count).map((b) => (b as JsonObject).v as JsonValue);
}

describe('__literal', () => {
  it('gives its value verbatim: type names, __multiply and directives inside are plain JSON', () => {
    const value = { id: 'uuid', list: [{ __multiply: '2-2', a: 1 }], n: { __number: {} } };
    const compiled = compile({ x: { __literal: value }, s: { __literal: 'email' } });
    expect(compiled.isStatic).toBe(true);
    expect(compiled.generate()).toEqual({ x: value, s: 'email' });
  });

  it('may stand at the root, for a body that is a bare value', () => {
    expect(compile({ __literal: 42 }).generate()).toBe(42);
  });

  it('counts the exact size of its value', () => {
    const value = { id: 'uuid', list: [1, 2, 'three'] };
    const analysis = analyseTemplate({ __literal: value });
    expect(analysis.maxBytes).toBe(serialisedBytes(value));
    expect(analysis.maxValues).toBe(6);
  });

  it('refuses what is not JSON inside it', () => {
    expect(validateTemplate({ a: { __literal: [1, Number.NaN] } })).toEqual([
      { code: 'NOT_JSON_VALUE', message: 'Not a JSON value: NaN', path: '$.a.__literal[1]' },
    ]);
  });
});

describe('__oneOf', () => {
  it('draws every choice, each generated as a template value', () => {
    const seen = draws({ __oneOf: ['active', null, 7, { id: 'uuid' }] });
    expect(new Set(seen.map((v) => JSON.stringify(v === null ? v : typeof v)))).toEqual(
      new Set(['"string"', 'null', '"number"', '"object"']),
    );
    for (const v of seen) {
      if (typeof v === 'object' && v !== null)
        expect((v as JsonObject).id).toMatch(/^[0-9a-f-]{36}$/);
      else expect(['active', null, 7]).toContain(v);
    }
  });

  it('multiplies as an array element, giving N drawn values', () => {
    const body = compile({ tags: [{ __multiply: '3-3', __oneOf: ['a', 'b'] }] }).generate({
      seed: 1,
    }) as JsonObject;
    expect(body.tags).toHaveLength(3);
    for (const tag of body.tags as JsonValue[]) expect(['a', 'b']).toContain(tag);
  });

  it('bounds its worst case by its largest choice', () => {
    const analysis = analyseTemplate({ v: { __oneOf: ['ab', { k: [1, 2, 3] }] } });
    expect(analysis.maxValues).toBe(1 + 5);
    expect(analysis.maxBytes).toBe(serialisedBytes({ v: { k: [1, 2, 3] } }));
  });

  it.each([
    [[], 'an array'],
    ['a', '"a"'],
    [null, 'null'],
  ])('refuses %j as its choices, naming the problem and an example', (choices, shown) => {
    expect(validateTemplate({ s: { __oneOf: choices } })).toEqual([
      {
        code: 'DIRECTIVE_INVALID',
        message: `__oneOf needs a non-empty array of values, got ${shown}. Example: {"__oneOf": ["active", "inactive", null]}`,
        path: '$.s.__oneOf',
      },
    ]);
  });

  it('checks the choices as template values', () => {
    expect(validateTemplate({ s: { __oneOf: [{ __multiply: '1-2' }] } })[0]).toMatchObject({
      code: 'MULTIPLY_PLACEMENT',
      path: '$.s.__oneOf[0].__multiply',
    });
  });
});

describe('directive objects', () => {
  it('must hold their key alone, beside __multiply in an array element', () => {
    expect(validateTemplate({ a: { __oneOf: [1], b: 2 } })).toEqual([
      {
        code: 'DIRECTIVE_NOT_ALONE',
        message:
          '__oneOf must be the only key of its object (beside __multiply in an array element), but "b" is there too. Example: {"__oneOf": ["active", "inactive", null]}',
        path: '$.a.__oneOf',
      },
    ]);
    expect(validateTemplate({ a: { __number: {}, __string: {} } })[0]?.code).toBe(
      'DIRECTIVE_NOT_ALONE',
    );
    expect(validateTemplate({ a: { __multiply: '1-2', __number: {} } })[0]?.code).toBe(
      'MULTIPLY_PLACEMENT',
    );
  });

  it('are refused by the demo with the spec text, as anything but a basic type is', () => {
    for (const directive of [
      { __literal: 'x' },
      { __oneOf: ['uuid'] },
      { __number: {} },
      { __string: {} },
    ]) {
      expect(validateTemplate({ a: directive }, { mode: 'demo' })).toEqual([
        { code: 'DEMO_TYPE_NOT_ALLOWED', message: DEMO_TEXT, path: '$.a' },
      ]);
    }
  });

  it('count towards the nesting depth like the JSON they are written in', () => {
    let deep: unknown = { __oneOf: ['uuid'] };
    for (let i = 0; i < 29; i++) deep = { a: deep };
    expect(validateTemplate(deep)).toEqual([]);
    expect(validateTemplate({ b: deep })).toEqual([]);
    expect(validateTemplate({ c: { b: { __oneOf: [{ x: 1 }] } } })).toEqual([]);
    let deeper: unknown = { __oneOf: [{ x: 1 }] };
    for (let i = 0; i < 30; i++) deeper = { a: deeper };
    expect(validateTemplate(deeper)[0]?.code).toBe('TEMPLATE_TOO_DEEP');
  });
});

describe('__number', () => {
  it('defaults to numbers of two decimals from 0 to 1000', () => {
    for (const v of draws({ __number: {} })) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1000);
      expect(decimalsOf(v as number)).toBeLessThanOrEqual(2);
    }
  });

  it('keeps whole numbers within inclusive and exclusive bounds, reaching both ends', () => {
    const seen = draws({ __number: { min: 1, max: 4, integer: true } });
    expect(new Set(seen)).toEqual(new Set([1, 2, 3, 4]));
    const open = draws({
      __number: { min: 1, max: 4, integer: true, exclusiveMin: true, exclusiveMax: true },
    });
    expect(new Set(open)).toEqual(new Set([2, 3]));
  });

  it('gives multiples of multipleOf that pass the plain floating-point check', () => {
    for (const v of draws({ __number: { min: 0, max: 1, multipleOf: 0.01 } }, 500)) {
      expect(Number.isInteger((v as number) / 0.01)).toBe(true);
    }
    const whole = draws({ __number: { min: -10, max: 10, multipleOf: 2.5, integer: true } });
    expect(new Set(whole)).toEqual(new Set([-10, -5, 0, 5, 10]));
  });

  it('refuses a range holding no number, naming it', () => {
    expect(
      validateTemplate({ n: { __number: { min: 1, max: 2, exclusiveMin: true, integer: true } } }),
    ).toEqual([]);
    expect(
      validateTemplate({
        n: { __number: { min: 1, max: 2, exclusiveMin: true, exclusiveMax: true, integer: true } },
      }),
    ).toEqual([
      {
        code: 'DIRECTIVE_UNSATISFIABLE',
        message: '__number: no number lies in (1, 2) (whole)',
        path: '$.n.__number',
      },
    ]);
    expect(validateTemplate({ n: { __number: { min: 5, max: 3 } } })[0]?.message).toBe(
      '__number: no number lies in [5, 3]',
    );
  });

  it.each([
    [{ min: 'a' }, 'min', 'option "min" must be a finite number, got "a"'],
    [{ integer: 1 }, 'integer', 'option "integer" must be true or false, got 1'],
    [
      { multipleOf: 0 },
      'multipleOf',
      'option "multipleOf" must be a finite number greater than 0, got 0',
    ],
    [{ decimals: 16 }, 'decimals', 'option "decimals" must be a whole number from 0 to 15, got 16'],
  ])('refuses the options %j', (options, option, text) => {
    expect(validateTemplate({ n: { __number: options } })).toEqual([
      {
        code: 'DIRECTIVE_INVALID',
        message: `__number: ${text}. Example: {"__number": {"min": 0, "max": 100, "integer": true}}`,
        path: `$.n.__number.${option}`,
      },
    ]);
  });

  it('refuses unknown options and options that are not an object', () => {
    expect(validateTemplate({ n: { __number: { minimum: 1 } } })).toEqual([
      {
        code: 'DIRECTIVE_INVALID',
        message:
          '__number has no option "minimum"; its options are min, max, exclusiveMin, exclusiveMax, integer, multipleOf, decimals. Example: {"__number": {"min": 0, "max": 100, "integer": true}}',
        path: '$.n.__number.minimum',
      },
    ]);
    expect(validateTemplate({ n: { __number: [1, 2] } })[0]?.message).toBe(
      '__number needs an object of options, got an array. Example: {"__number": {"min": 0, "max": 100, "integer": true}}',
    );
  });

  const numberOptions = fc.record(
    {
      min: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      span: fc.double({ min: 0, max: 1e6, noNaN: true }),
      exclusiveMin: fc.boolean(),
      exclusiveMax: fc.boolean(),
      integer: fc.boolean(),
      multipleOf: fc.constantFrom(undefined, 0.01, 0.1, 0.25, 0.5, 1, 3, 7.5, 100),
      decimals: fc.integer({ min: 0, max: 6 }),
    },
    { requiredKeys: ['min', 'span', 'exclusiveMin', 'exclusiveMax', 'integer', 'decimals'] },
  );

  it('property: every value lies within its bounds, is whole or a multiple as asked, and within its byte bound', () => {
    fc.assert(
      fc.property(numberOptions, fc.integer(), (o, seed) => {
        const options: Record<string, unknown> = {
          min: o.min,
          max: o.min + o.span,
          exclusiveMin: o.exclusiveMin,
          exclusiveMax: o.exclusiveMax,
          integer: o.integer,
          decimals: o.decimals,
        };
        if (o.multipleOf !== undefined) options.multipleOf = o.multipleOf;
        const template = { n: { __number: options } };
        const result = compileTemplate(template);
        if (!result.ok) {
          expect(result.errors[0]?.code).toBe('DIRECTIVE_UNSATISFIABLE');
          return;
        }
        const body = result.value.generate({ seed }) as JsonObject;
        const n = body.n as number;
        const max = o.min + o.span;
        expect(o.exclusiveMin ? n > o.min : n >= o.min).toBe(true);
        expect(o.exclusiveMax ? n < max : n <= max).toBe(true);
        if (o.integer) expect(Number.isInteger(n)).toBe(true);
        if (o.multipleOf !== undefined) expect(Number.isInteger(n / o.multipleOf)).toBe(true);
        expect(serialisedBytes(body)).toBeLessThanOrEqual(result.value.maxBytes);
      }),
      { numRuns: 500 },
    );
  });
});

describe('__string', () => {
  it('gives lorem text of minLength to maxLength characters', () => {
    const seen = draws({ __string: { minLength: 3, maxLength: 6 } }) as string[];
    expect(new Set(seen.map((s) => s.length))).toEqual(new Set([3, 4, 5, 6]));
    for (const s of seen) expect(s).toMatch(/^[a-z][a-z ]*[a-z]$/);
  });

  it('gives text matching a pattern, anchors, escapes, groups and alternations included', () => {
    const patterns = [
      '^[A-Z]{3}-\\d{4}$',
      '^(cat|dog)s?$',
      '^\\+?[1-9]\\d{1,14}$',
      '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$',
      'ab',
    ];
    for (const pattern of patterns) {
      const regex = new RegExp(pattern, 'u');
      for (const s of draws({ __string: { pattern } }, 50)) expect(s).toMatch(regex);
    }
  });

  it('gives text matching both a pattern and length bounds', () => {
    for (const s of draws({ __string: { pattern: '^[a-z]+$', minLength: 10, maxLength: 12 } })) {
      expect(s).toMatch(/^[a-z]{10,12}$/);
    }
  });

  it('refuses a pattern that is not a regular expression', () => {
    const issues = validateTemplate({ s: { __string: { pattern: '(' } } });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'DIRECTIVE_INVALID', path: '$.s.__string.pattern' });
    expect(issues[0]?.message).toMatch(/^__string: pattern "\(" is not a valid regular expression/);
  });

  it('refuses a pattern the generator cannot meet, saying so', () => {
    expect(validateTemplate({ s: { __string: { pattern: '^\\p{L}+$' } } })).toEqual([
      {
        code: 'DIRECTIVE_UNSATISFIABLE',
        message:
          '__string: no text of 0 to 256 characters matching pattern "^\\\\p{L}+$" could be generated (lookarounds, back references and Unicode property classes are beyond the generator)',
        path: '$.s.__string.pattern',
      },
    ]);
    expect(
      validateTemplate({ s: { __string: { pattern: '^[a-z]{3}$', minLength: 5 } } })[0]?.code,
    ).toBe('DIRECTIVE_UNSATISFIABLE');
  });

  it('refuses crossed or oversized lengths', () => {
    expect(validateTemplate({ s: { __string: { minLength: 5, maxLength: 2 } } })).toEqual([
      {
        code: 'DIRECTIVE_UNSATISFIABLE',
        message: '__string: minLength 5 is greater than maxLength 2',
        path: '$.s.__string',
      },
    ]);
    expect(validateTemplate({ s: { __string: { maxLength: 10_001 } } })[0]?.message).toBe(
      '__string: option "maxLength" must be a whole number from 0 to 10000, got 10001. Example: {"__string": {"minLength": 3, "maxLength": 12, "pattern": "^[A-Z]{3}-[0-9]{4}$"}}',
    );
  });

  it('property: lorem text always has a length within its bounds and its byte bound', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.nat(300), fc.integer(), (a, b, seed) => {
        const [minLength, maxLength] = [Math.min(a, b), Math.max(a, b)];
        const template = { s: { __string: { minLength, maxLength } } };
        const compiled = compile(template);
        const body = compiled.generate({ seed }) as JsonObject;
        const length = codePointLength(body.s as string);
        expect(length).toBeGreaterThanOrEqual(minLength);
        expect(length).toBeLessThanOrEqual(maxLength);
        expect(serialisedBytes(body)).toBeLessThanOrEqual(compiled.maxBytes);
      }),
    );
  });
});

describe('directives and generation', () => {
  const template = {
    id: 'uuid',
    status: { __oneOf: ['a', 'b', { __literal: 'uuid' }] },
    price: { __number: { min: 1, max: 999, multipleOf: 0.01 } },
    code: { __string: { pattern: '^[A-Z]{2}\\d{3}$' } },
    items: [{ __multiply: '1-4', __number: { integer: true, min: 0, max: 9 } }],
  };

  it('gives the same body for the same seed', () => {
    const compiled = compile(template);
    expect(compiled.generate({ seed: 'x' })).toEqual(compiled.generate({ seed: 'x' }));
    expect(compiled.generate({ seed: 'x' })).not.toEqual(compiled.generate({ seed: 'y' }));
  });

  it('stays within the worst-case size, plain and guarded', () => {
    const plain = compile(template);
    for (let seed = 0; seed < 100; seed++) {
      expect(serialisedBytes(plain.generate({ seed }))).toBeLessThanOrEqual(plain.maxBytes);
    }
    // Guarded: a stored template over a small limit stops once a body passes it.
    const big = [{ __multiply: '50-50', ...template }];
    const guarded = compile(big, { stored: true, maxResponseBytes: 600 });
    expect(() => guarded.generate({ seed: 1 })).toThrow(ResponseTooLargeError);
    expect(analyseTemplate(big).maxBytes).toBeGreaterThan(50_000);
    const roomy = compile(big, { stored: true, maxResponseBytes: 50_000 });
    expect(roomy.generate({ seed: 1 })).toEqual(compile(big).generate({ seed: 1 }));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataTypeMaxBytes, getDataType } from '../data-types/lookup.ts';
import { MAX_RESPONSE_BYTES, MAX_TEMPLATE_DEPTH } from '../limits.ts';
import { serialisedBytes } from '../testing/bytes.ts';
import { formatIssue } from './issues.ts';
import { analyseTemplate, MAX_REPORTED_ISSUES, validateTemplate } from './validate.ts';

const DEMO_TEXT =
  'Only the following types are available in the demo: string, number, boolean, email, uuid, date, lorem, array. Sign up to create your own custom types!';

function nest(depth: number): unknown {
  let value: unknown = 'uuid';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('validateTemplate: demo mode', () => {
  it('accepts every basic type of the demo, numbers, booleans, null and empty arrays', () => {
    const template = {
      a: 'string',
      b: 'number',
      c: 'boolean',
      d: 'email',
      e: 'uuid',
      f: 'date',
      g: 'lorem',
      h: 'array',
      i: 42,
      j: true,
      k: null,
      l: [],
      m: [{ __multiply: '1-3', n: 'uuid' }],
    };
    expect(validateTemplate(template, { mode: 'demo' })).toEqual([]);
  });

  it('rejects a catalogue type with the spec text and the path of the value', () => {
    const template = { orders: [{ __multiply: '1-5', total: 'number.money.price' }] };
    expect(validateTemplate(template, { mode: 'demo' })).toEqual([
      { code: 'DEMO_TYPE_NOT_ALLOWED', message: DEMO_TEXT, path: '$.orders[0].total' },
    ]);
  });

  it('rejects custom literals and percentage, inside nested objects and arrays too', () => {
    const issues = validateTemplate(
      { a: { b: ['hello'] }, 'first name': 'percentage' },
      { mode: 'demo' },
    );
    expect(issues.map((i) => i.path)).toEqual(['$.a.b[0]', '$["first name"]']);
    expect(issues.every((i) => i.message === DEMO_TEXT)).toBe(true);
  });

  it('checks string values only, never keys', () => {
    expect(validateTemplate({ 'not a type': 'uuid' }, { mode: 'demo' })).toEqual([]);
  });
});

describe('validateTemplate: full mode', () => {
  it('accepts catalogue types and custom literals', () => {
    expect(
      validateTemplate({
        id: 'uuid',
        name: 'string.name.fullname',
        status: 'active',
        typo: 'string.name.fulname',
      }),
    ).toEqual([]);
  });

  it.each([
    ['uuid', 'A template must be a JSON object or array, not "uuid"'],
    [42, 'A template must be a JSON object or array, not 42'],
    [null, 'A template must be a JSON object or array, not null'],
  ])('rejects %j as the whole template', (value, message) => {
    expect(validateTemplate(value)).toEqual([
      { code: 'TEMPLATE_NOT_CONTAINER', message, path: '$' },
    ]);
  });

  it(`accepts ${MAX_TEMPLATE_DEPTH} levels of nesting and refuses ${MAX_TEMPLATE_DEPTH + 1}`, () => {
    expect(validateTemplate(nest(MAX_TEMPLATE_DEPTH))).toEqual([]);
    const issues = validateTemplate(nest(MAX_TEMPLATE_DEPTH + 1));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.code).toBe('TEMPLATE_TOO_DEEP');
    expect(issues[0]?.message).toBe(
      'Template is nested too deeply: at most 32 levels of objects and arrays are allowed',
    );
  });

  it('survives nesting far beyond the limit, and cycles, without overflowing the stack', () => {
    expect(validateTemplate(nest(100_000))[0]?.code).toBe('TEMPLATE_TOO_DEEP');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(validateTemplate(cyclic)[0]?.code).toBe('TEMPLATE_TOO_DEEP');
  });
});

describe('validateTemplate: __multiply', () => {
  it.each(['1-5', '0-3', '5-5', '0-0', '0-1000', ' 2 - 8 '])('accepts "%s"', (range) => {
    expect(validateTemplate([{ __multiply: range, id: 'uuid' }])).toEqual([]);
  });

  it.each([
    ['abc', '"abc"'],
    ['5', '"5"'],
    ['1-', '"1-"'],
    ['-3', '"-3"'],
    ['1.5-2', '"1.5-2"'],
    ['a-b', '"a-b"'],
    [5, '5'],
    [null, 'null'],
  ])('rejects the format of %j', (range, shown) => {
    expect(validateTemplate({ list: [{ __multiply: range, id: 'uuid' }] })).toEqual([
      {
        code: 'MULTIPLY_FORMAT',
        message: `__multiply must be a range of two whole numbers like "1-5", got ${shown}`,
        path: '$.list[0].__multiply',
      },
    ]);
  });

  it.each(['5-2', '0-1001', '2000-3000'])('rejects the bounds of "%s"', (range) => {
    expect(validateTemplate({ list: [{ __multiply: range }] })).toEqual([
      {
        code: 'MULTIPLY_RANGE',
        message: `__multiply range "${range}" is out of bounds: it needs 0 <= min <= max <= 1000`,
        path: '$.list[0].__multiply',
      },
    ]);
  });

  it('rejects __multiply outside an array element', () => {
    const message =
      '__multiply is only allowed in an object that is an element of an array, such as [{"__multiply": "1-5", "id": "uuid"}]';
    expect(validateTemplate({ __multiply: '1-5', id: 'uuid' })).toEqual([
      { code: 'MULTIPLY_PLACEMENT', message, path: '$.__multiply' },
    ]);
    expect(validateTemplate([{ user: { __multiply: '1-2' } }])).toEqual([
      { code: 'MULTIPLY_PLACEMENT', message, path: '$[0].user.__multiply' },
    ]);
  });
});

describe('validateTemplate: worst-case output size', () => {
  it('counts every value a body can hold, multiplied by the upper bounds', () => {
    // root array + 10 × (object + id + 3 × (object + total)) = 1 + 10 × (2 + 6) = 81
    const template = [{ __multiply: '2-10', id: 'uuid', items: [{ __multiply: '3-3', total: 1 }] }];
    expect(analyseTemplate(template).maxValues).toBe(1 + 10 * (1 + 1 + 1 + 3 * 2));
  });

  it('rejects a template that could generate more than 100,000 values, naming both numbers', () => {
    const template = [{ __multiply: '1-1000', a: [{ __multiply: '0-1000', b: 'uuid' }] }];
    expect(validateTemplate(template)).toContainEqual({
      code: 'TEMPLATE_OUTPUT_TOO_LARGE',
      message:
        'Template could generate up to 2,002,001 values per response; the limit is 100,000. Lower the __multiply upper bounds',
      path: '$',
    });
  });

  it('accepts a template right at the limit', () => {
    // 1 + 1000 × (1 + 98) = 99,001
    const keys = Object.fromEntries(Array.from({ length: 98 }, (_, i) => [`k${i}`, 'uuid']));
    expect(validateTemplate([{ __multiply: '1000-1000', ...keys }])).toEqual([]);
  });
});

/** A template whose one element is `count` copies of an object holding `text`. */
function multipliedLiteral(count: number, text: string): unknown {
  return [{ __multiply: `${count}-${count}`, a: text }];
}

/** Whether `value` holds neither a type name nor a `__multiply`: it generates itself. */
function isLiteralOnly(value: unknown): boolean {
  if (typeof value === 'string') return getDataType(value) === undefined;
  if (Array.isArray(value)) return value.every(isLiteralOnly);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => k !== '__multiply' && isLiteralOnly(v));
  }
  return true;
}

/** Fifty fields of common types, ten types five times over, in 1000 copies. */
function ordinaryTemplate(types: readonly string[]): unknown {
  const fields = Array.from({ length: 50 }, (_, i) => {
    const type = types[i % types.length] as string;
    return [`${type.split('.').at(-1)}${Math.floor(i / types.length) + 1}`, type];
  });
  return [{ __multiply: '1000-1000', ...Object.fromEntries(fields) }];
}

const COMMON_TYPES = [
  'uuid',
  'string.name.fullname',
  'email',
  'number',
  'boolean',
  'date',
  'string',
  'lorem',
  'percentage',
  'string.address.city',
];

describe('validateTemplate: worst-case answer size in bytes', () => {
  it('measures a template of literals at exactly its serialised size', () => {
    const template = {
      name: 'Café "Zoë" \\ 東京 😀',
      control: '\u0000\n\t',
      lone: '\ud800',
      numbers: [0, -1.5, 1e21, 1e-7, 123456789],
      flags: [true, false, null],
      empty: { list: [], object: {} },
      'key "quoted"': 'x',
    };
    expect(analyseTemplate(template).maxBytes).toBe(serialisedBytes(template));
  });

  it('measures any template of literals at exactly its serialised size', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.jsonValue({ maxDepth: 4 })),
          fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
        ),
        (template) => {
          fc.pre(isLiteralOnly(template));
          expect(analyseTemplate(template).maxBytes).toBe(serialisedBytes(template));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts the upper bound of copies, with their commas, and not the __multiply key', () => {
    const template = [{ __multiply: '0-3', a: 'x' }, 'last'];
    expect(analyseTemplate(template).maxBytes).toBe(
      serialisedBytes([...Array(3).fill({ a: 'x' }), 'last']),
    );
  });

  it('counts a catalogue type at its measured bound', () => {
    // {"id":<uuid>} is braces, "id", a colon and the value.
    expect(analyseTemplate({ id: 'uuid' }).maxBytes).toBe(2 + 4 + 1 + dataTypeMaxBytes('uuid'));
  });

  it('rejects a long literal in many copies, naming its worst case and the limit', () => {
    // 1000 × {"a":"x…x"} of 250,008 bytes, with 999 commas and the brackets: 250,009,001 bytes.
    const template = multipliedLiteral(1000, 'x'.repeat(250_000));
    expect(analyseTemplate(template)).toEqual({
      issues: [
        {
          code: 'TEMPLATE_RESPONSE_TOO_LARGE',
          message:
            'Template could generate answers of up to 238.5 MiB; the limit is 10 MiB per answer. Lower the __multiply upper bounds or shorten long literals',
          path: '$',
        },
      ],
      maxValues: 1 + 1000 * 2,
      maxBytes: 250_009_001,
      readsRequest: false,
      readsBody: false,
    });
  });

  it('accepts a worst case right at the limit and refuses one byte more', () => {
    const template = multipliedLiteral(1000, 'x'.repeat(1000));
    const { maxBytes } = analyseTemplate(template);
    expect(validateTemplate(template, { maxResponseBytes: maxBytes })).toEqual([]);
    expect(validateTemplate(template, { maxResponseBytes: maxBytes - 1 })).toMatchObject([
      { code: 'TEMPLATE_RESPONSE_TOO_LARGE' },
    ]);
  });

  it('honours maxResponseBytes and names it in the message', () => {
    const template = multipliedLiteral(10, 'x'.repeat(200));
    expect(validateTemplate(template)).toEqual([]);
    expect(validateTemplate(template, { maxResponseBytes: 1000 })).toEqual([
      {
        code: 'TEMPLATE_RESPONSE_TOO_LARGE',
        message:
          'Template could generate answers of up to 2.1 KiB; the limit is 1,000 bytes per answer. Lower the __multiply upper bounds or shorten long literals',
        path: '$',
      },
    ]);
  });

  it('accepts fifty fields of common types in 1000 copies', () => {
    const template = ordinaryTemplate(COMMON_TYPES);
    const { issues, maxBytes } = analyseTemplate(template);
    expect(issues).toEqual([]);
    expect(maxBytes).toBeLessThan(MAX_RESPONSE_BYTES / 2);
  });

  it('accepts fifty lorem sentences in 1000 copies', () => {
    expect(validateTemplate(ordinaryTemplate(['lorem']))).toEqual([]);
  });
});

describe('validateTemplate: values that are not JSON', () => {
  it.each([
    ['undefined', undefined, 'undefined'],
    ['NaN', Number.NaN, 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['a function', () => 1, 'a function'],
    ['a Date', new Date(0), 'a non-JSON object'],
    ['a bigint', 10n, '10n'],
  ])('rejects %s with its path', (_label, value, shown) => {
    expect(validateTemplate({ a: [value] })).toEqual([
      { code: 'NOT_JSON_VALUE', message: `Not a JSON value: ${shown}`, path: '$.a[0]' },
    ]);
  });
});

describe('reporting', () => {
  it(`reports at most ${MAX_REPORTED_ISSUES} problems`, () => {
    const template = Array.from({ length: 500 }, () => 'custom');
    expect(validateTemplate(template, { mode: 'demo' })).toHaveLength(MAX_REPORTED_ISSUES);
  });

  it('formats an issue as "path: message", the root without a path', () => {
    expect(formatIssue({ code: 'MULTIPLY_FORMAT', message: 'm', path: '$.a[0].__multiply' })).toBe(
      '$.a[0].__multiply: m',
    );
    expect(formatIssue({ code: 'INVALID_JSON', message: 'Invalid JSON format', path: '$' })).toBe(
      'Invalid JSON format',
    );
  });
});

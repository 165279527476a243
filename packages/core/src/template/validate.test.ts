import { describe, expect, it } from 'vitest';
import { MAX_TEMPLATE_DEPTH } from '../limits.ts';
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
    expect(validateTemplate(template)).toEqual([
      {
        code: 'TEMPLATE_OUTPUT_TOO_LARGE',
        message:
          'Template could generate up to 2,002,001 values per response; the limit is 100,000. Lower the __multiply upper bounds',
        path: '$',
      },
    ]);
  });

  it('accepts a template right at the limit', () => {
    // 1 + 1000 × (1 + 98) = 99,001
    const keys = Object.fromEntries(Array.from({ length: 98 }, (_, i) => [`k${i}`, 'uuid']));
    expect(validateTemplate([{ __multiply: '1000-1000', ...keys }])).toEqual([]);
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

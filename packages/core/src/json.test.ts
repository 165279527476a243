import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type JsonValue,
  jsonByteLength,
  jsonStringByteLength,
  jsonTextTooDeep,
  jsonValueTooDeep,
} from './json.ts';
import { MAX_JSON_DEPTH } from './limits.ts';
import { serialisedBytes } from './testing/bytes.ts';
import { nestedJson } from './testing/nested-json.ts';

/** Any UTF-16 code unit, lone surrogates and control characters included, or an astral pair. */
const anyChar = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);
const anyText = fc.string({ unit: anyChar, maxLength: 40 });

describe('jsonStringByteLength', () => {
  it.each([
    ['plain ASCII', 'hello'],
    ['an empty string', ''],
    ['quotes and backslashes', 'say "hi" \\ bye'],
    ['short escapes', '\b\f\n\r\t'],
    ['other control characters', '\u0000\u0001\u001f'],
    ['DEL, which is not escaped', '\u007f'],
    ['two- and three-byte characters', 'é€日本'],
    ['line and paragraph separators', '\u2028\u2029'],
    ['a surrogate pair', '😀'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['a high surrogate at the end', 'x\ud83d'],
    ['two high surrogates then a low one', '\ud83d\ud83d\ude00'],
  ])('counts %s exactly as JSON.stringify writes it', (_label, text) => {
    expect(jsonStringByteLength(text)).toBe(serialisedBytes(text));
  });

  it('counts any text exactly', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(jsonStringByteLength(text)).toBe(serialisedBytes(text));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('jsonByteLength', () => {
  it.each<[string, JsonValue]>([
    ['numbers in every notation', [0, -0, 1.5, -2, 1e21, 1e-7, 123456789012, 5e-324]],
    ['booleans and null', [true, false, null]],
    ['empty containers', { a: [], b: {} }],
    ['keys that need escapes', { 'a"b': 1, '\n': 2, é: 3 }],
    ['a "__proto__" key', JSON.parse('{"__proto__": {"x": [1, "two"]}}') as JsonValue],
  ])('counts %s exactly', (_label, value) => {
    expect(jsonByteLength(value)).toBe(serialisedBytes(value));
  });

  it('counts any JSON value exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(jsonByteLength(value as JsonValue)).toBe(serialisedBytes(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('nesting past MAX_JSON_DEPTH', () => {
  const depths = fc.oneof(
    fc.integer({ min: 1, max: MAX_JSON_DEPTH + 2 }),
    fc.integer({ min: 1, max: 50_000 }),
  );
  const kinds = fc.array(fc.boolean(), { minLength: 1, maxLength: 5 });

  it('is found in the text, at any depth', () => {
    fc.assert(
      fc.property(depths, kinds, (depth, shape) => {
        const text = nestedJson(depth, shape);
        expect(jsonTextTooDeep(text)).toBe(depth > MAX_JSON_DEPTH);
      }),
      { numRuns: 60 },
    );
  });

  it('is found in a parsed value, and the value is measured, without overflowing the stack', () => {
    fc.assert(
      fc.property(depths, kinds, (depth, shape) => {
        const text = nestedJson(depth, shape);
        const value = JSON.parse(text) as JsonValue;
        expect(jsonValueTooDeep(value)).toBe(depth > MAX_JSON_DEPTH);
        expect(jsonByteLength(value)).toBe(text.length);
      }),
      { numRuns: 40 },
    );
  });

  it('counts the root as level 1 and brackets inside strings as text', () => {
    expect(jsonTextTooDeep('[]', 1)).toBe(false);
    expect(jsonTextTooDeep('[[]]', 1)).toBe(true);
    expect(jsonTextTooDeep('{"a":"[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonTextTooDeep('"[[["', 0)).toBe(false);
    expect(jsonTextTooDeep('["\\\\", ["\\"]"]]', 1)).toBe(true);
    expect(jsonTextTooDeep('["\\\\\\"]]]"]', 1)).toBe(false);
    expect(jsonTextTooDeep('["unterminated [[[', 1)).toBe(false);
    expect(jsonValueTooDeep([[]], 1)).toBe(true);
    expect(jsonValueTooDeep({ a: '[[[' }, 1)).toBe(false);
  });

  it('stops at a cycle, which no JSON has', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonValueTooDeep(cycle)).toBe(true);
  });
});

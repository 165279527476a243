import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonValue, jsonByteLength, jsonStringByteLength } from './json.ts';
import { serialisedBytes } from './testing/bytes.ts';

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

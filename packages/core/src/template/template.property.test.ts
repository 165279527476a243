import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../data-types/catalogue.ts';
import { getDataType } from '../data-types/lookup.ts';
import { ErrorCode } from '../errors.ts';
import { isJsonObject, type JsonValue } from '../json.ts';
import { serialisedBytes } from '../testing/bytes.ts';
import { compileTemplate, ResponseTooLargeError } from './compile.ts';
import { DIRECTIVE_KEYS } from './directives.ts';
import { MULTIPLY_KEY, parseMultiply } from './multiply.ts';
import { validateTemplate } from './validate.ts';

const typeNames = catalogue.map((t) => t.name);

/** Any UTF-16 code unit, control characters and lone surrogates included, or an astral pair. */
const anyChar = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);

const literal = fc.oneof(
  fc.string().filter((s) => getDataType(s) === undefined),
  fc.string({ unit: anyChar, maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const key = fc
  .string({ maxLength: 8 })
  .filter((k) => k !== MULTIPLY_KEY && !DIRECTIVE_KEYS.includes(k));

const range = fc.tuple(fc.nat(4), fc.nat(4)).map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);

/** Valid templates: catalogue types, literals, objects, and arrays whose objects may multiply. */
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
    ),
    object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    template: fc.oneof(tie('object'), fc.array(tie('value'), { maxLength: 4 })),
  }),
);

const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/** Whether `body` is a body that `template` can generate; returns the mismatch, if any. */
function mismatch(template: JsonValue, body: unknown, path = '$'): string | undefined {
  if (typeof template === 'string') {
    const type = getDataType(template);
    if (!type) return body === template ? undefined : `${path}: literal changed`;
    return kindOf(body) === type.kind ? undefined : `${path}: ${template} gave ${kindOf(body)}`;
  }
  if (Array.isArray(template)) {
    if (!Array.isArray(body)) return `${path}: expected an array`;
    return matchArray(template, body, path) ? undefined : `${path}: elements do not match`;
  }
  if (isJsonObject(template)) {
    if (!isJsonObject(body)) return `${path}: expected an object`;
    const keys = Object.keys(template).filter((k) => k !== MULTIPLY_KEY);
    if (JSON.stringify(Object.keys(body)) !== JSON.stringify(keys)) return `${path}: keys differ`;
    for (const k of keys) {
      const m = mismatch(template[k] as JsonValue, body[k], `${path}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(template, body) ? undefined : `${path}: literal changed`;
}

/** Matches body elements against template elements, each multiplied one taking min..max. */
function matchArray(template: JsonValue[], body: unknown[], path: string): boolean {
  const memo = new Map<string, boolean>();
  const go = (t: number, b: number): boolean => {
    if (t === template.length) return b === body.length;
    const id = `${t}:${b}`;
    const cached = memo.get(id);
    if (cached !== undefined) return cached;
    const element = template[t] as JsonValue;
    const r = isJsonObject(element) ? parseMultiply(element[MULTIPLY_KEY]) : undefined;
    let ok = false;
    if (!r) {
      ok = b < body.length && !mismatch(element, body[b], path) && go(t + 1, b + 1);
    } else {
      for (let n = r.min; n <= r.max && !ok; n++) {
        if (b + n > body.length) break;
        let all = true;
        for (let i = 0; i < n && all; i++) all = !mismatch(element, body[b + i], path);
        ok = all && go(t + 1, b + n);
      }
    }
    memo.set(id, ok);
    return ok;
  };
  return go(0, 0);
}

describe('template language properties', () => {
  it('a valid template generates bodies with its keys, its multiply counts and its kinds', () => {
    fc.assert(
      fc.property(template, fc.integer(), (t, seed) => {
        const compiled = compileTemplate(t);
        expect(compiled.ok).toBe(true);
        if (!compiled.ok) return;
        const body = compiled.value.generate({ seed });
        expect(mismatch(t, body)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('the same seed gives the same body, byte for byte', () => {
    fc.assert(
      fc.property(template, fc.string(), (t, seed) => {
        const compiled = compileTemplate(t);
        if (!compiled.ok) return;
        expect(JSON.stringify(compiled.value.generate({ seed }))).toBe(
          JSON.stringify(compiled.value.generate({ seed })),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('no body serialises to more bytes than the worst case of its template', () => {
    fc.assert(
      fc.property(template, fc.integer(), (t, seed) => {
        const compiled = compileTemplate(t);
        if (!compiled.ok) return;
        expect(serialisedBytes(compiled.value.generate({ seed }))).toBeLessThanOrEqual(
          compiled.value.maxBytes,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a stored template under any limit gives the same body, or stops if it is over', () => {
    fc.assert(
      fc.property(
        template,
        fc.integer(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (t, seed, share) => {
          const plain = compileTemplate(t);
          if (!plain.ok) return;
          const limit = Math.floor(plain.value.maxBytes * share);
          const stored = compileTemplate(t, { stored: true, maxResponseBytes: limit });
          if (!stored.ok) throw new Error(JSON.stringify(stored.errors));
          const body = plain.value.generate({ seed });
          if (serialisedBytes(body) <= limit) {
            expect(stored.value.generate({ seed })).toEqual(body);
          } else {
            expect(() => stored.value.generate({ seed })).toThrow(ResponseTooLargeError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('validation of arbitrary JSON accepts or returns well-formed errors, never throws', () => {
    const codes = new Set<string>(Object.values(ErrorCode));
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('demo', 'full') as fc.Arbitrary<'demo' | 'full'>,
        (value, mode) => {
          const issues = validateTemplate(value, { mode });
          for (const issue of issues) {
            expect(codes.has(issue.code)).toBe(true);
            expect(issue.message.length).toBeGreaterThan(0);
            expect(issue.path.startsWith('$')).toBe(true);
          }
          const compiled = compileTemplate(value, { mode });
          expect(compiled.ok).toBe(issues.length === 0);
          if (compiled.ok) JSON.stringify(compiled.value.generate());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('validation of any JavaScript value never throws', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withNullPrototype: true,
          withSparseArray: true,
        }),
        (value) => {
          expect(Array.isArray(validateTemplate(value))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

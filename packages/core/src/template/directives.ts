import RandExp from 'randexp';
import { LOREM_WORDS } from '../data-types/sources.ts';
import type { GenContext } from '../data-types/types.ts';
import { ErrorCode, messages } from '../errors.ts';
import { MAX_NUMBER_DECIMALS, MAX_STRING_LENGTH } from '../limits.ts';
import { createRandom, type Random } from '../random.ts';
import { MULTIPLY_KEY } from './multiply.ts';
import { keyPath } from './path.ts';

/**
 * Directives: template values that say what a type string cannot. Each is an object holding one
 * reserved key (beside `__multiply` when it is an array element), as `__multiply` is a reserved
 * key: `{"__oneOf": [...]}`, `{"__number": {...}}`, `{"__string": {...}}`, `{"__literal": v}`.
 */

/** `{"__literal": v}` gives `v` verbatim: nothing inside it is read as a type or a directive. */
export const LITERAL_KEY = '__literal';
/** `{"__oneOf": [a, b, ...]}` gives one of the values, each a template value, drawn uniformly. */
export const ONE_OF_KEY = '__oneOf';
/** `{"__number": {min, max, integer, multipleOf, exclusiveMin, exclusiveMax, decimals}}`. */
export const NUMBER_KEY = '__number';
/** `{"__string": {minLength, maxLength, pattern}}`. */
export const STRING_KEY = '__string';

/** Every directive key, in the order the documentation lists them. */
export const DIRECTIVE_KEYS: readonly string[] = [LITERAL_KEY, ONE_OF_KEY, NUMBER_KEY, STRING_KEY];

const DIRECTIVES = new Set(DIRECTIVE_KEYS);

/** The options of `__number`, all optional; see {@link NumberSpec} for their defaults. */
export const NUMBER_OPTIONS = [
  'min',
  'max',
  'exclusiveMin',
  'exclusiveMax',
  'integer',
  'multipleOf',
  'decimals',
] as const;

/** The options of `__string`, all optional. */
export const STRING_OPTIONS = ['minLength', 'maxLength', 'pattern'] as const;

/**
 * A `__number`, read and planned: its values are `k * step` for the whole numbers `k` from
 * `lowK` to `highK`, rounded to `decimals`.
 */
export interface NumberSpec {
  /** The bounds as given (defaults: 0 and 1000, or 1000 on the missing side of the other). */
  min: number;
  max: number;
  exclusiveMin: boolean;
  exclusiveMax: boolean;
  integer: boolean;
  multipleOf: number | undefined;
  /** Decimals of the output: 0 for integers, those of multipleOf, else the option (default 2). */
  decimals: number;
  step: number;
  lowK: number;
  highK: number;
}

/** A `__string`, read: lorem text, or text matching `pattern`, of minLength..maxLength characters. */
export interface StringSpec {
  minLength: number;
  /** As given, else minLength + 32 for lorem text and minLength + 256 for a pattern. */
  maxLength: number;
  pattern: string | undefined;
}

/** A directive, read and checked. */
export type Directive =
  | { kind: 'literal'; value: unknown }
  | { kind: 'oneOf'; choices: unknown[] }
  | { kind: 'number'; spec: NumberSpec }
  | { kind: 'string'; spec: StringSpec };

/** A problem of a directive: what rule, the text, and the JSONPath it points at. */
export interface DirectiveProblem {
  code: ErrorCode;
  message: string;
  path: string;
}

/** What reading an object as a directive found. */
export type DirectiveRead =
  | { ok: true; key: string; directive: Directive }
  | { ok: false; problem: DirectiveProblem };

/** The directive key of `object`, if it holds one. */
export function directiveKeyOf(object: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(object)) if (DIRECTIVES.has(key)) return key;
  return undefined;
}

/**
 * Reads `object` as a directive: undefined when it holds no directive key (a plain object),
 * else the directive or its first problem. `path` is the object's JSONPath, for the problem.
 */
export function readDirective(
  object: Record<string, unknown>,
  path: string,
): DirectiveRead | undefined {
  const key = directiveKeyOf(object);
  if (key === undefined) return undefined;
  const at = keyPath(path, key);
  for (const other of Object.keys(object)) {
    // __multiply beside a directive is checked where array elements are (validate.ts).
    if (other !== key && other !== MULTIPLY_KEY) {
      return fail(ErrorCode.DIRECTIVE_NOT_ALONE, messages.directiveNotAlone(key, other), at);
    }
  }
  const argument = object[key];
  switch (key) {
    case LITERAL_KEY:
      return { ok: true, key, directive: { kind: 'literal', value: argument } };
    case ONE_OF_KEY:
      if (!Array.isArray(argument) || argument.length === 0) {
        return fail(
          ErrorCode.DIRECTIVE_INVALID,
          messages.directiveNeeds(key, messages.directiveChoices, describeValue(argument)),
          at,
        );
      }
      return { ok: true, key, directive: { kind: 'oneOf', choices: argument } };
    case NUMBER_KEY:
      return readNumber(argument, at);
    default:
      return readString(argument, at);
  }
}

function fail(code: ErrorCode, message: string, path: string): DirectiveRead {
  return { ok: false, problem: { code, message, path } };
}

/** The options object of a directive, or the problem: not an object, or an unknown option. */
function readOptions(
  key: string,
  argument: unknown,
  known: readonly string[],
  at: string,
): Record<string, unknown> | DirectiveRead {
  if (typeof argument !== 'object' || argument === null || Array.isArray(argument)) {
    return fail(
      ErrorCode.DIRECTIVE_INVALID,
      messages.directiveNeeds(key, messages.directiveOptions, describeValue(argument)),
      at,
    );
  }
  const options = argument as Record<string, unknown>;
  for (const option of Object.keys(options)) {
    if (!known.includes(option)) {
      return fail(
        ErrorCode.DIRECTIVE_INVALID,
        messages.directiveUnknownOption(key, option, known),
        keyPath(at, option),
      );
    }
  }
  return options;
}

function isRead(value: unknown): value is DirectiveRead {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}

function readNumber(argument: unknown, at: string): DirectiveRead {
  const options = readOptions(NUMBER_KEY, argument, NUMBER_OPTIONS, at);
  if (isRead(options)) return options;
  const bad = (option: string, what: string) =>
    fail(
      ErrorCode.DIRECTIVE_INVALID,
      messages.directiveOption(NUMBER_KEY, option, what, describeValue(options[option])),
      keyPath(at, option),
    );
  for (const option of ['min', 'max'] as const) {
    if (options[option] !== undefined && !isFiniteNumber(options[option]))
      return bad(option, messages.optionFiniteNumber);
  }
  for (const option of ['exclusiveMin', 'exclusiveMax', 'integer'] as const) {
    if (options[option] !== undefined && typeof options[option] !== 'boolean')
      return bad(option, messages.optionBoolean);
  }
  const multipleOf = options.multipleOf;
  if (multipleOf !== undefined && !(isFiniteNumber(multipleOf) && multipleOf > 0))
    return bad('multipleOf', messages.optionPositiveNumber);
  const decimalsOption = options.decimals;
  if (
    decimalsOption !== undefined &&
    !(
      typeof decimalsOption === 'number' &&
      Number.isInteger(decimalsOption) &&
      decimalsOption >= 0 &&
      decimalsOption <= MAX_NUMBER_DECIMALS
    )
  )
    return bad('decimals', messages.numberDecimalsOption);

  const given = { min: options.min as number | undefined, max: options.max as number | undefined };
  const min = given.min ?? (given.max === undefined ? 0 : given.max - 1000);
  const max = given.max ?? min + 1000;
  const integer = options.integer === true;
  const exclusiveMin = options.exclusiveMin === true;
  const exclusiveMax = options.exclusiveMax === true;
  const spec = planNumber({
    min,
    max,
    exclusiveMin,
    exclusiveMax,
    integer,
    multipleOf: multipleOf as number | undefined,
    decimals: decimalsOption as number | undefined,
  });
  if (!spec) {
    const range = `${exclusiveMin ? '(' : '['}${min}, ${max}${exclusiveMax ? ')' : ']'}`;
    const kind = [
      integer ? 'whole' : '',
      multipleOf !== undefined ? `multiple of ${multipleOf}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return fail(
      ErrorCode.DIRECTIVE_UNSATISFIABLE,
      messages.numberRangeEmpty(kind ? `${range} (${kind})` : range),
      at,
    );
  }
  return { ok: true, key: NUMBER_KEY, directive: { kind: 'number', spec } };
}

// Relative tolerance when deciding whether a bound divided by the step is a whole number.
const EPSILON = 1e-9;

/** The whole number nearest to `x` when `x` is one within rounding error, else undefined. */
function nearInteger(x: number): number | undefined {
  const r = Math.round(x);
  return Math.abs(x - r) <= EPSILON * Math.max(1, Math.abs(x)) ? r : undefined;
}

/** How many decimals the shortest text of `x` has: 0.25 has 2, 1e-7 has 7. */
export function decimalsOf(x: number): number {
  const text = String(x);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) {
    const mantissa = text.slice(0, exp.index).split('.')[1]?.length ?? 0;
    return mantissa + Number(exp[1]);
  }
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Plans a number directive: the step between values and the range of its multiples that lies
 * within the bounds, or undefined when no value does.
 */
export function planNumber(options: {
  min: number;
  max: number;
  exclusiveMin: boolean;
  exclusiveMax: boolean;
  integer: boolean;
  multipleOf: number | undefined;
  decimals: number | undefined;
}): NumberSpec | undefined {
  const { min, max, exclusiveMin, exclusiveMax, integer, multipleOf } = options;
  let step: number;
  let decimals: number;
  if (multipleOf !== undefined) {
    step = integer ? wholeMultiple(multipleOf) : multipleOf;
    decimals = integer ? 0 : Math.min(decimalsOf(multipleOf), 20);
  } else if (integer) {
    step = 1;
    decimals = 0;
  } else {
    decimals = options.decimals ?? 2;
    step = 10 ** -decimals;
  }
  if (!Number.isFinite(step) || step <= 0) return undefined;
  const low = min / step;
  const high = max / step;
  const lowExact = nearInteger(low);
  const highExact = nearInteger(high);
  let lowK = lowExact === undefined ? Math.ceil(low) : lowExact + (exclusiveMin ? 1 : 0);
  let highK = highExact === undefined ? Math.floor(high) : highExact - (exclusiveMax ? 1 : 0);
  // Beyond 2^53 multiples, the draw loses whole numbers: keep the part nearest zero.
  const SPAN = 2 ** 52;
  if (highK - lowK > SPAN) {
    if (lowK >= 0) highK = lowK + SPAN;
    else if (highK <= 0) lowK = highK - SPAN;
    else {
      lowK = Math.max(lowK, -SPAN / 2);
      highK = Math.min(highK, SPAN / 2);
    }
  }
  if (!Number.isSafeInteger(lowK) || !Number.isSafeInteger(highK)) return undefined;
  // The tolerance above may take a bound one step too far once rounded: step back inside.
  const at = (k: number) => roundTo(k * step, decimals);
  for (let i = 0; i < 4 && (exclusiveMin ? at(lowK) <= min : at(lowK) < min); i++) lowK++;
  for (let i = 0; i < 4 && (exclusiveMax ? at(highK) >= max : at(highK) > max); i++) highK--;
  const outside = (k: number) =>
    (exclusiveMin ? at(k) <= min : at(k) < min) || (exclusiveMax ? at(k) >= max : at(k) > max);
  if (lowK > highK || outside(lowK) || outside(highK)) return undefined;
  return { min, max, exclusiveMin, exclusiveMax, integer, multipleOf, decimals, step, lowK, highK };
}

/** The least whole number that is a multiple of `m` (m itself when whole), or NaN if too large. */
function wholeMultiple(m: number): number {
  if (Number.isInteger(m)) return m;
  for (let k = 2; k <= 1_000_000; k++) {
    const whole = nearInteger(m * k);
    if (whole !== undefined && whole > 0) return whole;
  }
  return Number.NaN;
}

function roundTo(x: number, decimals: number): number {
  if (decimals === 0) return Math.round(x);
  if (Math.abs(x) >= 1e21) return x;
  return Number(x.toFixed(Math.min(decimals, 100)));
}

/** Whether `value` passes the plain floating-point check `value / m` is whole, as most validators do. */
function passesMultipleOf(value: number, m: number): boolean {
  return Number.isInteger(value / m);
}

/** The generator of a planned `__number`. */
export function numberGenerator(spec: NumberSpec): (ctx: GenContext) => number {
  const { step, lowK, highK, decimals, multipleOf } = spec;
  const value = (k: number) => {
    const v = roundTo(k * step, decimals);
    return v === 0 ? 0 : v;
  };
  if (multipleOf === undefined || Number.isInteger(multipleOf)) {
    return (ctx) => value(lowK === highK ? lowK : ctx.random.int(lowK, highK));
  }
  // 0.07 is a multiple of 0.01, but 0.07 / 0.01 is 7.000000000000001 in floating point: from the
  // drawn multiple, take the first one on that passes the plain check, so that a naive
  // validator agrees.
  const span = highK - lowK + 1;
  return (ctx) => {
    const k0 = ctx.random.int(lowK, highK);
    for (let i = 0; i < Math.min(span, 64); i++) {
      const v = value(lowK + ((k0 - lowK + i) % span));
      if (passesMultipleOf(v, multipleOf)) return v;
    }
    return value(k0);
  };
}

/** The most bytes of JSON a value of the `__number` takes. */
export function numberMaxBytes(spec: NumberSpec): number {
  const low = spec.lowK * spec.step;
  const high = spec.highK * spec.step;
  // Past 1e21 numbers print in exponent form; 25 bytes hold any double ("-0.000001234567890123456").
  if (Math.max(Math.abs(low), Math.abs(high)) >= 1e21) return 25;
  const whole = Math.max(String(Math.trunc(low)).length, String(Math.trunc(high)).length);
  const bytes = whole + (low < 0 ? 1 : 0) + (spec.decimals > 0 ? spec.decimals + 1 : 0);
  return Math.min(bytes, 25);
}

function readString(argument: unknown, at: string): DirectiveRead {
  const options = readOptions(STRING_KEY, argument, STRING_OPTIONS, at);
  if (isRead(options)) return options;
  for (const option of ['minLength', 'maxLength'] as const) {
    const value = options[option];
    if (
      value !== undefined &&
      !(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_STRING_LENGTH)
    ) {
      return fail(
        ErrorCode.DIRECTIVE_INVALID,
        messages.directiveOption(
          STRING_KEY,
          option,
          messages.stringLengthOption,
          describeValue(value),
        ),
        keyPath(at, option),
      );
    }
  }
  const pattern = options.pattern;
  if (pattern !== undefined && typeof pattern !== 'string') {
    return fail(
      ErrorCode.DIRECTIVE_INVALID,
      messages.directiveOption(STRING_KEY, 'pattern', messages.optionText, describeValue(pattern)),
      keyPath(at, 'pattern'),
    );
  }
  const minLength = (options.minLength as number | undefined) ?? 0;
  const maxLength =
    (options.maxLength as number | undefined) ??
    Math.min(minLength + (pattern === undefined ? 32 : 256), MAX_STRING_LENGTH);
  if (minLength > maxLength) {
    return fail(
      ErrorCode.DIRECTIVE_UNSATISFIABLE,
      messages.stringLengthsCrossed(minLength, maxLength),
      at,
    );
  }
  const spec: StringSpec = { minLength, maxLength, pattern };
  if (pattern !== undefined) {
    const regex = compilePattern(pattern);
    if (typeof regex === 'string') {
      return fail(
        ErrorCode.DIRECTIVE_INVALID,
        messages.stringPatternInvalid(pattern, regex),
        keyPath(at, 'pattern'),
      );
    }
    if (!patternFeasible(spec)) {
      return fail(
        ErrorCode.DIRECTIVE_UNSATISFIABLE,
        messages.stringPatternUnsupported(pattern, minLength, maxLength),
        keyPath(at, 'pattern'),
      );
    }
  }
  return { ok: true, key: STRING_KEY, directive: { kind: 'string', spec } };
}

/** The pattern as JSON Schema reads it (ECMA-262 with the `u` flag), or why it is no regex. */
function compilePattern(pattern: string): RegExp | string {
  try {
    return new RegExp(pattern, 'u');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The length of `text` in Unicode code points, as JSON Schema counts it. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

// A drawn text that misses the pattern or the lengths is drawn again, this many times at most.
const ATTEMPTS = 64;

/**
 * A function that draws a text for the spec from the random source it is given, with whether
 * the text satisfies the spec (a pattern the generator mishandles may miss even after retries).
 */
function stringDrawer(spec: StringSpec): (random: Random) => { text: string; ok: boolean } {
  const { minLength, maxLength, pattern } = spec;
  if (pattern === undefined) {
    return (random) => ({
      text: loremOfLength(random, random.int(minLength, maxLength)),
      ok: true,
    });
  }
  const regex = new RegExp(pattern, 'u');
  const randexp = new RandExp(regex);
  // Unbounded repetitions (`*`, `+`, `{n,}`) add at most this many: up to a narrow maxLength,
  // else a few past minLength (a wide or default maxLength would give needlessly long texts).
  randexp.max = Math.max(8, maxLength - minLength <= 64 ? maxLength : minLength + 8);
  let active: Random | undefined;
  randexp.randInt = (a: number, b: number) => (active as Random).int(a, b);
  const fits = (text: string) => {
    if (!regex.test(text)) return false;
    const length = codePointLength(text);
    return length >= minLength && length <= maxLength;
  };
  return (random) => {
    active = random;
    let text = '';
    for (let i = 0; i < ATTEMPTS; i++) {
      text = randexp.gen();
      if (fits(text)) return { text, ok: true };
    }
    return { text, ok: false };
  };
}

/** Lorem words cut to exactly `length` characters, never ending in a space. */
function loremOfLength(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + random.pick(LOREM_WORDS);
  text = text.slice(0, length);
  return text.endsWith(' ') ? `${text.slice(0, -1)}a` : text;
}

/** The generator of a `__string`. */
export function stringGenerator(spec: StringSpec): (ctx: GenContext) => string {
  const draw = stringDrawer(spec);
  return (ctx) => draw(ctx.random).text;
}

/** The most bytes of JSON a value of the `__string` takes. */
export function stringMaxBytes(spec: StringSpec): number {
  // Lorem text is plain ASCII; a pattern may yield any character, up to 6 bytes escaped (\u001f).
  return (spec.pattern === undefined ? 1 : 6) * spec.maxLength + 2;
}

const FEASIBILITY_SEEDS = 32;
const feasibility = new Map<string, boolean>();

/**
 * Whether the generator reliably draws texts that satisfy the spec: every one of 32 fixed seeds
 * must succeed within its attempts. Remembered per spec.
 */
export function patternFeasible(spec: StringSpec): boolean {
  const key = JSON.stringify([spec.pattern, spec.minLength, spec.maxLength]);
  const known = feasibility.get(key);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    const draw = stringDrawer(spec);
    ok = true;
    for (let seed = 0; seed < FEASIBILITY_SEEDS && ok; seed++) {
      ok = draw(createRandom(`pattern-${seed}`)).ok;
    }
  } catch {
    ok = false;
  }
  if (feasibility.size >= 1000) feasibility.clear();
  feasibility.set(key, ok);
  return ok;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A short description of a value for messages: `"abc"`, `42`, `an object`, `undefined`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null ? 'an object' : 'a non-JSON object';
  }
  return `a ${typeof value}`;
}

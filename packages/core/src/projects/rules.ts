/**
 * Rules: the no-code request matching of a route (issue 30). A route holds an ordered list of
 * rules; each has conditions on the request (a path parameter, a query parameter, a header, a
 * cookie, or a field of the JSON body), combined with AND (`all`) or OR (`any`), and names the
 * response it picks. The first rule that matches picks; none, and the route's choice goes on
 * (rotation, default). Rules are data, stored with the route; regular expressions run with RE2's
 * linear-time matching (re2js), so no pattern can hold the event loop.
 *
 * THE CONTRACT (types below) is fixed; the implementation of the functions is filled in.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';
import type { ResponseMatch } from './model.ts';

/** Where a condition reads the request. */
export const RULE_SOURCES = ['param', 'query', 'header', 'cookie', 'body'] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

/** How a condition compares. `exists` and `missing` take no value; `in` takes several. */
export const RULE_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'startsWith',
  'regex',
  'exists',
  'missing',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** The most rules of a route, conditions of a rule, and characters of a value or pattern. */
export const MAX_RULES_PER_ROUTE = 50;
export const MAX_CONDITIONS_PER_RULE = 20;
export const MAX_RULE_VALUE_LENGTH = 1000;

/**
 * The most instructions RE2 may compile one regex of a rule to, and all the regexes of a
 * route's rules together, and the longest value a regex reads. Compiling costs about a
 * microsecond an instruction; matching, while RE2 builds its cache of states, up to some tenths
 * of a microsecond an instruction for each character read, at every call when the cache
 * overflows (`\pL{998}` read a 64 KiB body in 1.5 s at each call). At these bounds a route
 * compiles within tens of milliseconds, and its costliest rules (ten `\pL{248}`: a Unicode
 * class makes each state dear) read a value in 150-250 ms at its first call, a few after. A
 * longer value never matches a regex (`contains` and `startsWith` read any length). An ordinary
 * pattern takes a few dozen instructions (an e-mail or uuid check, 25 to 40; `[a-z0-9-]{1,64}`,
 * 130).
 */
export const MAX_RULE_PATTERN_SIZE = 250;
export const MAX_RULES_PROGRAM_SIZE = 2_500;
export const MAX_RULE_MATCH_LENGTH = 4_096;

export interface RuleCondition {
  source: RuleSource;
  /**
   * The parameter, header (any case) or cookie name; for `body`, a path into the JSON body:
   * `$.user.id`, `user.id`, `items[0].sku` or `items.0.sku` (`$` alone: the whole body).
   */
  name: string;
  operator: RuleOperator;
  /** The value compared (text; a number for lt/lte/gt/gte; a pattern for regex). */
  value?: string;
  /** The values of `in`. */
  values?: string[];
}

export interface RouteRule {
  /** Shown in the route table and the dashboard; optional. */
  name?: string;
  /** `all`: every condition (AND); `any`: one of them (OR). */
  combine: 'all' | 'any';
  conditions: RuleCondition[];
  /** The name of the route's response this rule picks. */
  response: string;
}

/** What rules read of a request. Header names in lower case. */
export interface RuleRequest {
  params: Record<string, string | number | boolean>;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  /**
   * Whether every header name is already in lower case (Node's request headers are), so that
   * nothing checks them; absent: they are checked (a test panel's may not be).
   */
  headersLowerCase?: boolean;
  /** The JSON body, or null when there is none or it is not JSON. */
  body: unknown;
}

/** The most values of one `in` condition. */
export const MAX_RULE_IN_VALUES = 100;

/** The rule that matched a request: its place in the route's list (0-based) and the rule. */
export interface RuleMatch {
  index: number;
  rule: RouteRule;
  /**
   * True when the rule is a response's header condition (`when`) rather than one of the
   * owner's: the choice then says `header`, and no rule is reported (X-Mock-Rule, the log).
   * Such a rule's place comes after the owner's rules.
   */
  fromWhen?: true;
}

/** What the rules read of a route's responses: its name, and its header condition if any. */
export interface RuleResponse {
  name: string;
  when?: ResponseMatch | null;
}

/** A route's rules made ready to match: built once per route version by `compileRules`. */
export interface CompiledRules {
  /** How many rules the owner wrote (the responses' header conditions are not counted). */
  readonly size: number;
  /** How many rules were made of the responses' header conditions, after the owner's. */
  readonly headerConditions: number;
  /** The first rule the request meets, or null when none does. */
  match(request: RuleRequest): RuleMatch | null;
}

/** A problem of a route's rules, found before saving: where (a JSONPath) and what. */
export interface RuleProblem {
  /** From the route input's root: `$.rules[0].conditions[1].value`. */
  path: string;
  message: string;
}

/** Operators that compare with `value`; `exists` and `missing` take none, `in` takes `values`. */
const VALUE_OPERATORS: ReadonlySet<RuleOperator> = new Set([
  'equals',
  'notEquals',
  'contains',
  'startsWith',
  'regex',
  'lt',
  'lte',
  'gt',
  'gte',
]);
const NUMBER_OPERATORS: ReadonlySet<RuleOperator> = new Set(['lt', 'lte', 'gt', 'gte']);

/** An HTTP token (RFC 9110 §5.6.2): what a header or cookie name is made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A decimal number as people write it: `42`, `-3.5`, `.5`, `1e3`; not `0x10`, `Infinity` or ``. */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

// The last text parseNumber read, and what it said: a request's rules compare one value with
// several bounds (`id > 10`, `id < 100`), and read it once.
let lastText = '';
let lastNumber: number | undefined;

/** The number a text says, or undefined when it is not a finite decimal number. */
function parseNumber(text: string): number | undefined {
  if (text === lastText) return lastNumber;
  const trimmed = text.trim();
  const number = DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
  lastText = text;
  lastNumber = Number.isFinite(number) ? number : undefined;
  return lastNumber;
}

// ---------------------------------------------------------------------------------------------
// Body paths

type PathSegment = string | number;
type PathParse = { ok: true; segments: PathSegment[] } | { ok: false; message: string };

/**
 * Reads a body path: `$` (the whole body), `$.user.id`, `user.id`, `items[0].sku`,
 * `items.0.sku`, `$["first name"]`, `['x-id']`. Keys may hold any character but `.`, `[` and
 * `]` when dotted (dashes and spaces are fine); bracketed and quoted, any at all.
 */
function parseBodyPath(raw: string): PathParse {
  const path = raw.trim();
  if (path === '') return { ok: false, message: 'a body path is required ($ for the whole body)' };
  const segments: PathSegment[] = [];
  let at = 0;
  // `$` is the root only when a step or the end follows: `$id` is a key.
  if (path[0] === '$' && (path.length === 1 || path[1] === '.' || path[1] === '[')) at = 1;
  let first = true;
  while (at < path.length) {
    const char = path[at];
    if (char === '[') {
      const close = readBracket(path, at);
      if (!close.ok) return close;
      segments.push(close.segment);
      at = close.next;
    } else {
      if (char === '.') {
        at++;
      } else if (!first || at !== 0) {
        return { ok: false, message: `the body path "${path}" has a stray "${char}"` };
      }
      let end = at;
      while (end < path.length && path[end] !== '.' && path[end] !== '[' && path[end] !== ']') {
        end++;
      }
      const key = path.slice(at, end).trim();
      if (key === '') {
        return {
          ok: false,
          message: `the body path "${path}" has an empty step (".." and a trailing "." are not allowed)`,
        };
      }
      if (key === '*') {
        return { ok: false, message: `the body path "${path}" has a wildcard: name one field` };
      }
      segments.push(key);
      at = end;
    }
    first = false;
  }
  return { ok: true, segments };
}

function readBracket(
  path: string,
  open: number,
): { ok: true; segment: PathSegment; next: number } | { ok: false; message: string } {
  const quote = path[open + 1];
  if (quote === '"' || quote === "'") {
    let at = open + 2;
    let key = '';
    while (at < path.length && path[at] !== quote) {
      if (path[at] === '\\' && at + 1 < path.length) at++;
      key += path[at];
      at++;
    }
    if (path[at] !== quote || path[at + 1] !== ']') {
      return { ok: false, message: `the body path "${path}" has an unclosed [${quote}` };
    }
    return { ok: true, segment: key, next: at + 2 };
  }
  const close = path.indexOf(']', open);
  if (close === -1) return { ok: false, message: `the body path "${path}" has an unclosed [` };
  const inside = path.slice(open + 1, close).trim();
  if (!/^\d+$/.test(inside)) {
    return {
      ok: false,
      message: `the body path "${path}" has [${inside}]: brackets hold an index such as [0] or a quoted key such as ["x-id"]`,
    };
  }
  return { ok: true, segment: Number(inside), next: close + 1 };
}

const MISSING = Symbol('missing');

/** The value at a path of a JSON value, or MISSING. An array step takes an index (`0` or [0]). */
function readPath(root: unknown, segments: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (Array.isArray(value)) {
      const key = String(segment);
      if (!/^\d+$/.test(key)) return MISSING;
      const index = Number(key);
      if (index >= value.length) return MISSING;
      value = value[index];
    } else if (typeof value === 'object' && value !== null) {
      const key = String(segment);
      if (!Object.hasOwn(value, key)) return MISSING;
      value = (value as Record<string, unknown>)[key];
    } else {
      return MISSING;
    }
  }
  return value === undefined ? MISSING : value;
}

// ---------------------------------------------------------------------------------------------
// Reading the request

/**
 * One value a condition reads: text, or a number when the body holds a JSON number there (so
 * that `equals 42.0` and `lt 100` compare numbers).
 */
type Actual = string | number;

const textOf = (actual: Actual): string => (typeof actual === 'number' ? String(actual) : actual);

/** What rules read of one request, parsed once and only when a condition asks for it. */
class RequestView {
  #headers: Record<string, string | string[] | undefined> | undefined;
  #cookies: Map<string, string[]> | undefined;
  #json: Map<object, string | undefined> | undefined;
  /** The values of each field the rules read (by the field's place in their table), once read. */
  readonly #read: (Actual[] | undefined)[];

  constructor(
    readonly request: RuleRequest,
    private readonly fields: readonly Reader[],
  ) {
    this.#read = new Array(fields.length);
  }

  /** The values of the rules' field at `at`, read on the first condition that asks. */
  field(at: number): Actual[] {
    let values = this.#read[at];
    if (values === undefined) {
      values = (this.fields[at] as Reader)(this);
      this.#read[at] = values;
    }
    return values;
  }

  param(name: string): Actual[] {
    const value = this.request.params[name];
    return value === undefined || value === null ? NONE : [String(value)];
  }

  query(name: string): Actual[] {
    return list(this.request.query[name]);
  }

  /** `name` in lower case. */
  header(name: string): Actual[] {
    return list(this.headers()[name]);
  }

  cookie(name: string): Actual[] {
    if (this.#cookies === undefined) this.#cookies = parseCookies(this.headers().cookie);
    return this.#cookies.get(name) ?? NONE;
  }

  body(segments: readonly PathSegment[]): Actual[] {
    const { body } = this.request;
    // No body, or one that is not JSON: every path is missing, `$` too.
    if (body === null || body === undefined) return NONE;
    const value = readPath(body, segments);
    if (value === MISSING) return NONE;
    if (typeof value === 'string' || typeof value === 'number') return [value];
    if (typeof value === 'boolean' || value === null) return [String(value)];
    if (typeof value === 'object') {
      const text = this.json(value);
      return text === undefined ? [] : [text];
    }
    return NONE;
  }

  /** An object or array as its JSON text, once per request. */
  private json(value: object): string | undefined {
    this.#json ??= new Map();
    if (!this.#json.has(value)) {
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch {
        text = undefined;
      }
      this.#json.set(value, text);
    }
    return this.#json.get(value);
  }

  /** The headers by lower-case name (the contract says they come so; a test panel may not). */
  private headers(): Record<string, string | string[] | undefined> {
    if (this.#headers === undefined) {
      const given = this.request.headers;
      if (this.request.headersLowerCase === true) {
        this.#headers = given;
        return given;
      }
      const names = Object.keys(given);
      if (names.every((name) => name === name.toLowerCase())) {
        this.#headers = given;
      } else {
        const lowered: Record<string, string | string[] | undefined> = {};
        for (const name of names) {
          const key = name.toLowerCase();
          const value = given[name];
          if (value === undefined) continue;
          const previous = lowered[key];
          lowered[key] = previous === undefined ? value : [...list(previous), ...list(value)];
        }
        this.#headers = lowered;
      }
    }
    return this.#headers;
  }
}

/** No value: one list for every missing field (frozen: nothing may add to it). */
const NONE: string[] = Object.freeze([]) as unknown as string[];

/**
 * A query or header value as a list of texts. A parser may hand over more than the contract
 * says (a number, or an object for `a[b]=1`): numbers and booleans read as their text, the
 * rest as missing, so that a request can never make matching throw.
 */
function list(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === undefined || value === null) return NONE;
  const values = Array.isArray(value) ? value : [value];
  const texts: string[] = [];
  for (const item of values) {
    if (typeof item === 'string') texts.push(item);
    else if (typeof item === 'number' || typeof item === 'boolean') texts.push(String(item));
  }
  return texts;
}

/**
 * The pairs of `Cookie` headers (RFC 6265 §4.2.1: `name=value; name2=value2`). A value in
 * double quotes loses them; a value that is valid percent-encoding is decoded, else kept as
 * sent. A name sent twice has both values. Pieces with no `=` are ignored.
 */
function parseCookies(header: string | string[] | undefined): Map<string, string[]> {
  const cookies = new Map<string, string[]>();
  for (const line of list(header)) {
    for (const piece of line.split(';')) {
      const equals = piece.indexOf('=');
      if (equals === -1) continue;
      const name = piece.slice(0, equals).trim();
      if (name === '') continue;
      let value = piece.slice(equals + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
        value = value.slice(1, -1);
      }
      if (value.includes('%')) {
        try {
          value = decodeURIComponent(value);
        } catch {
          // Not valid percent-encoding: compared as sent.
        }
      }
      const values = cookies.get(name);
      if (values) values.push(value);
      else cookies.set(name, [value]);
    }
  }
  return cookies;
}

// ---------------------------------------------------------------------------------------------
// Compiling

type Test = (view: RequestView) => boolean;

/** How a condition reads its field's values from a request. */
type Reader = (view: RequestView) => Actual[];

const never: Test = () => false;

/**
 * Makes a route's rules ready to match, once per route version: patterns compiled with RE2
 * (linear time in the input; `ruleProblems` bounds the programs, so no input can make a match
 * slow), `in` lists as sets, numbers parsed.
 *
 * The semantics, for each condition:
 * - It reads a list of values: a path parameter (a number or boolean as its text), a query
 *   parameter (several when repeated), a header (any case of name; several when the request
 *   has it as a list, a comma-joined header is one value), a cookie (from the `Cookie`
 *   header), or the body at a path. Absent, the list is empty ("missing").
 * - A body field holding an object or array reads as its JSON text; `true`, `false` and `null`
 *   as those words (a field that is `null` exists); a body that is not JSON has no fields.
 * - It holds when ANY value passes: `equals`, `contains`, `startsWith` (case-sensitive text);
 *   `regex` (found anywhere, unanchored: write `^...$` to anchor, `(?i)` to ignore case; a
 *   value longer than MAX_RULE_MATCH_LENGTH characters never matches);
 *   `lt`/`lte`/`gt`/`gte` (both sides finite decimal numbers, else false); `in` (equals one
 *   of the values); `exists` (present, even empty). `notEquals` holds when NO value equals
 *   (so when the field is missing too), `missing` when there is none.
 * - `equals`, `notEquals` and `in` compare numbers when the body holds a JSON number there and
 *   the rule's value is a decimal number (`42` equals `42.0`); otherwise they compare text
 *   (a query `42` does not equal `42.0`).
 * - `all` needs every condition, `any` one. A rule with no conditions never matches (the
 *   schema refuses one), and a condition whose pattern RE2 refuses never holds (`ruleProblems`
 *   refuses it at save), so compiling never throws.
 *
 * With `responses` (those the route serves), each response's header condition (`when`) becomes
 * a rule of its own after the owner's: the header equals the value (case-sensitive), and that
 * response answers. So one mechanism chooses, in the order the choice always had: the owner's
 * rules, then the header conditions. Such a match is marked `fromWhen`, and the owner's rules
 * keep their places. An owner's rule that picks a response not among `responses` picks none
 * when it matches, and the header conditions are read next.
 */
export function compileRules(
  rules: readonly RouteRule[],
  responses?: readonly RuleResponse[],
): CompiledRules {
  const served = responses ? new Set(responses.map((response) => response.name)) : undefined;
  const conditions = (responses ?? []).flatMap((response) =>
    response.when ? [headerConditionRule(response.name, response.when)] : [],
  );
  const owned = rules.length;
  // Each field the rules read (a header, a query parameter...), read once per request however
  // many conditions name it: twenty rules on one header read it once.
  const fields: Reader[] = [];
  const fieldAt = new Map<string, number>();
  const fieldOf = (key: string, reader: Reader): number => {
    let at = fieldAt.get(key);
    if (at === undefined) {
      at = fields.push(reader) - 1;
      fieldAt.set(key, at);
    }
    return at;
  };
  const compiled = [...rules, ...conditions].map((rule, index) => {
    const tests = rule.conditions.map((condition) => compileCondition(condition, fieldOf));
    // Loops rather than some/every: no function is made per rule and call.
    const test: Test =
      tests.length === 0
        ? never
        : rule.combine === 'any'
          ? (view) => {
              for (const condition of tests) if (condition(view)) return true;
              return false;
            }
          : (view) => {
              for (const condition of tests) if (!condition(view)) return false;
              return true;
            };
    const fromWhen = index >= owned;
    // An owner's rule that picks a response the route does not serve (one left out as broken)
    // picks none, and ends the owner's rules: the header conditions are read next.
    const absent = !fromWhen && served !== undefined && !served.has(rule.response);
    return { index, rule, test, fromWhen, absent };
  });
  return {
    size: owned,
    headerConditions: conditions.length,
    match(request) {
      if (compiled.length === 0) return null;
      const view = new RequestView(request, fields);
      for (let at = 0; at < compiled.length; at++) {
        const { index, rule, test, fromWhen, absent } = compiled[at] as (typeof compiled)[number];
        if (!test(view)) continue;
        if (absent) {
          at = owned - 1;
          continue;
        }
        return fromWhen ? { index, rule, fromWhen: true } : { index, rule };
      }
      return null;
    },
  };
}

/**
 * The rule a response's header condition is (the AWS-style routes of an OpenAPI import): the
 * request's header, named in lower case, equals the value exactly, and the response answers.
 */
function headerConditionRule(response: string, when: ResponseMatch): RouteRule {
  return {
    combine: 'all',
    conditions: [{ source: 'header', name: when.header, operator: 'equals', value: when.equals }],
    response,
  };
}

function compileCondition(
  condition: RuleCondition,
  fieldOf: (key: string, reader: Reader) => number,
): Test {
  const read = compileReader(condition);
  if (read === undefined) return never;
  const compare = compileComparison(condition);
  if (compare === undefined) return never;
  const at = fieldOf(fieldKey(condition), read);
  return (view) => compare(view.field(at));
}

/** What a condition reads, as one text: two conditions of one key read the same values. */
function fieldKey(condition: RuleCondition): string {
  const name = condition.name.trim();
  return `${condition.source}\u0000${condition.source === 'header' ? name.toLowerCase() : name}`;
}

function compileReader(condition: RuleCondition): Reader | undefined {
  const name = condition.name.trim();
  switch (condition.source) {
    case 'param':
      return (view) => view.param(name);
    case 'query':
      return (view) => view.query(name);
    case 'header': {
      const lower = name.toLowerCase();
      return (view) => view.header(lower);
    }
    case 'cookie':
      return (view) => view.cookie(name);
    case 'body': {
      const path = parseBodyPath(name);
      if (!path.ok) return undefined;
      const { segments } = path;
      return (view) => view.body(segments);
    }
    default:
      return undefined;
  }
}

function compileComparison(condition: RuleCondition): ((values: Actual[]) => boolean) | undefined {
  const { operator } = condition;
  if (operator === 'exists') return (values) => values.length > 0;
  if (operator === 'missing') return (values) => values.length === 0;
  if (operator === 'in') {
    const texts = new Set(condition.values ?? []);
    if (texts.size === 0) return undefined;
    const numbers = new Set<number>();
    for (const text of texts) {
      const number = parseNumber(text);
      if (number !== undefined) numbers.add(number);
    }
    return (values) => {
      for (const actual of values) {
        if (
          typeof actual === 'number' && numbers.size > 0
            ? numbers.has(actual)
            : texts.has(textOf(actual))
        )
          return true;
      }
      return false;
    };
  }
  const expected = condition.value;
  if (expected === undefined) return undefined;
  switch (operator) {
    case 'equals':
    case 'notEquals': {
      const equals = equalsTo(expected);
      return operator === 'equals'
        ? (values) => anyOf(values, equals)
        : (values) => !anyOf(values, equals);
    }
    case 'contains':
      return (values) => anyOf(values, (actual) => textOf(actual).includes(expected));
    case 'startsWith':
      return (values) => anyOf(values, (actual) => textOf(actual).startsWith(expected));
    case 'regex': {
      const pattern = compilePattern(expected);
      if (!pattern.ok) return undefined;
      const { regex } = pattern;
      return (values) =>
        anyOf(values, (actual) => {
          const text = textOf(actual);
          return text.length <= MAX_RULE_MATCH_LENGTH && regex.test(text);
        });
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const bound = parseNumber(expected);
      if (bound === undefined) return undefined;
      const passes = NUMBER_TESTS[operator];
      return (values) => {
        for (const actual of values) {
          const number = typeof actual === 'number' ? actual : parseNumber(actual);
          if (number !== undefined && passes(number, bound)) return true;
        }
        return false;
      };
    }
    default:
      return undefined;
  }
}

/**
 * Whether a value passes: a loop, which returns at once for a missing field (no value, the
 * usual case of a rule that does not apply), where `some` would be a call per condition.
 */
function anyOf(values: readonly Actual[], passes: (actual: Actual) => boolean): boolean {
  for (let index = 0; index < values.length; index++) {
    if (passes(values[index] as Actual)) return true;
  }
  return false;
}

const NUMBER_TESTS = {
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  gt: (a: number, b: number) => a > b,
  gte: (a: number, b: number) => a >= b,
};

/** Equality with a rule's value: numeric against a JSON number when the value is a number. */
function equalsTo(expected: string): (actual: Actual) => boolean {
  const number = parseNumber(expected);
  return (actual) =>
    typeof actual === 'number' && number !== undefined
      ? actual === number
      : textOf(actual) === expected;
}

type PatternCompile = { ok: true; regex: RE2JS } | { ok: false; message: string };

/** A pattern compiled by RE2, or why RE2 refuses it, in words. */
function compilePattern(pattern: string): PatternCompile {
  try {
    return { ok: true, regex: RE2JS.compile(pattern) };
  } catch (error) {
    const reason =
      error instanceof RE2JSSyntaxException
        ? error.message.replace(/^error parsing regexp: /, '')
        : error instanceof Error
          ? error.message
          : String(error);
    let message = `the regex /${pattern}/ cannot be used: ${reason}`;
    if (/\(\?<?[=!]/.test(pattern)) {
      message +=
        ' (lookarounds such as (?=, (?!, (?<= and (?<! are not supported: rules match in linear time)';
    } else if (/\\[1-9]|\\k</.test(pattern)) {
      message += ' (backreferences such as \\1 are not supported: rules match in linear time)';
    }
    return { ok: false, message };
  }
}

// ---------------------------------------------------------------------------------------------
// Checking before saving

/**
 * The problems of one condition, field by field (the schema and `ruleProblems` share it):
 * the source and operator known, the name fit for its source (a header or cookie name, a body
 * path that parses), a value for the operators that compare with one, a number for
 * `lt`/`lte`/`gt`/`gte`, one to MAX_RULE_IN_VALUES values for `in`, and no name or value
 * longer than MAX_RULE_VALUE_LENGTH. A regex is not compiled here: `ruleProblems` compiles a
 * route's patterns within their bounds (the server in its worker), which a check of one
 * condition cannot see.
 */
export function ruleConditionProblems(
  condition: RuleCondition,
): { field: keyof RuleCondition; message: string }[] {
  const problems: { field: keyof RuleCondition; message: string }[] = [];
  const { source, operator } = condition;
  if (!(RULE_SOURCES as readonly string[]).includes(source)) {
    problems.push({ field: 'source', message: `source must be one of ${RULE_SOURCES.join(', ')}` });
  }
  if (!(RULE_OPERATORS as readonly string[]).includes(operator)) {
    problems.push({
      field: 'operator',
      message: `operator must be one of ${RULE_OPERATORS.join(', ')}`,
    });
  }
  const name = typeof condition.name === 'string' ? condition.name.trim() : '';
  if (name === '') {
    problems.push({
      field: 'name',
      message:
        source === 'body'
          ? 'a body path is required ($ for the whole body)'
          : `a ${source} name is required`,
    });
  } else if (name.length > MAX_RULE_VALUE_LENGTH) {
    problems.push({
      field: 'name',
      message: `the name is longer than ${MAX_RULE_VALUE_LENGTH} characters`,
    });
  } else if ((source === 'header' || source === 'cookie') && !TOKEN.test(name)) {
    problems.push({
      field: 'name',
      message: `"${name}" is not a ${source} name: use letters, digits and - _ . ! # $ % & ' * + ^ \` | ~ without spaces`,
    });
  } else if (source === 'body') {
    const path = parseBodyPath(name);
    if (!path.ok) problems.push({ field: 'name', message: path.message });
  }

  const { value, values } = condition;
  if (VALUE_OPERATORS.has(operator)) {
    if (typeof value !== 'string') {
      problems.push({ field: 'value', message: `${operator} needs a value to compare with` });
    } else if (value.length > MAX_RULE_VALUE_LENGTH) {
      problems.push({
        field: 'value',
        message: `the value is longer than ${MAX_RULE_VALUE_LENGTH} characters`,
      });
    } else if (NUMBER_OPERATORS.has(operator) && parseNumber(value) === undefined) {
      problems.push({
        field: 'value',
        message: `${operator} compares numbers: "${value}" is not a number (such as 10 or 2.5)`,
      });
    }
  }
  if (operator === 'in') {
    if (!Array.isArray(values) || values.length === 0) {
      problems.push({ field: 'values', message: 'in needs at least one value' });
    } else if (values.length > MAX_RULE_IN_VALUES) {
      problems.push({
        field: 'values',
        message: `in takes at most ${MAX_RULE_IN_VALUES} values`,
      });
    } else if (values.some((item) => typeof item !== 'string')) {
      problems.push({ field: 'values', message: 'the values of in are texts' });
    } else if (values.some((item) => item.length > MAX_RULE_VALUE_LENGTH)) {
      problems.push({
        field: 'values',
        message: `a value is longer than ${MAX_RULE_VALUE_LENGTH} characters`,
      });
    }
  }
  return problems;
}

/**
 * Everything wrong with a route's rules before saving, or an empty list: the limits
 * (MAX_RULES_PER_ROUTE, MAX_CONDITIONS_PER_RULE, MAX_RULE_VALUE_LENGTH), at least one
 * condition per rule, each condition's own problems (`ruleConditionProblems`), each regex
 * compiled by RE2 (one it refuses is named with RE2's reason) within MAX_RULE_PATTERN_SIZE
 * instructions, and all of them within MAX_RULES_PROGRAM_SIZE (past it, the later patterns are
 * not compiled: the route is refused anyway), and a response that is one of `responseNames`
 * (the message names the others). With `paramNames` (the route path's parameters), a `param`
 * condition must name one of them. Paths start at the route input: `$.rules[0].response`.
 */
export function ruleProblems(
  rules: readonly RouteRule[],
  responseNames: readonly string[],
  paramNames?: readonly string[],
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (rules.length > MAX_RULES_PER_ROUTE) {
    problems.push({
      path: '$.rules',
      message: `a route holds at most ${MAX_RULES_PER_ROUTE} rules; this one has ${rules.length}`,
    });
  }
  const known = new Set(responseNames);
  const params = paramNames ? new Set(paramNames) : undefined;
  // The instructions of the patterns compiled so far; past the route's bound, none more.
  let program = 0;
  for (const [index, rule] of rules.entries()) {
    const at = `$.rules[${index}]`;
    if (rule.combine !== 'all' && rule.combine !== 'any') {
      problems.push({ path: `${at}.combine`, message: 'combine must be all or any' });
    }
    if (!known.has(rule.response)) {
      problems.push({
        path: `${at}.response`,
        message:
          responseNames.length === 0
            ? `the rule picks "${rule.response}", but this route has no responses`
            : `the rule picks "${rule.response}", which is not a response of this route; its responses: ${responseNames.join(', ')}`,
      });
    }
    const conditions = Array.isArray(rule.conditions) ? rule.conditions : [];
    if (conditions.length === 0) {
      problems.push({ path: `${at}.conditions`, message: 'a rule needs at least one condition' });
    } else if (conditions.length > MAX_CONDITIONS_PER_RULE) {
      problems.push({
        path: `${at}.conditions`,
        message: `a rule holds at most ${MAX_CONDITIONS_PER_RULE} conditions; this one has ${conditions.length}`,
      });
    }
    for (const [place, condition] of conditions.entries()) {
      const where = `${at}.conditions[${place}]`;
      const own = ruleConditionProblems(condition);
      for (const problem of own) {
        problems.push({ path: `${where}.${problem.field}`, message: problem.message });
      }
      if (
        condition.operator === 'regex' &&
        typeof condition.value === 'string' &&
        !own.some((problem) => problem.field === 'value') &&
        program <= MAX_RULES_PROGRAM_SIZE
      ) {
        const pattern = compilePattern(condition.value);
        if (!pattern.ok) {
          problems.push({ path: `${where}.value`, message: pattern.message });
        } else {
          const size = pattern.regex.programSize();
          program += size;
          if (size > MAX_RULE_PATTERN_SIZE) {
            problems.push({
              path: `${where}.value`,
              message: `the regex /${condition.value}/ compiles to ${size} instructions, more than the ${MAX_RULE_PATTERN_SIZE} one may (RE2's program size): repeat less (a smaller {n,m}), or split it`,
            });
          } else if (program > MAX_RULES_PROGRAM_SIZE) {
            problems.push({
              path: '$.rules',
              message: `the regexes of a route's rules compile to at most ${MAX_RULES_PROGRAM_SIZE.toLocaleString('en-US')} instructions together (RE2's program size); these pass it at rules[${index}].conditions[${place}]: use fewer or smaller patterns (equals, startsWith or in where they do)`,
            });
          }
        }
      }
      if (params && condition.source === 'param' && !params.has(condition.name.trim())) {
        problems.push({
          path: `${where}.name`,
          message:
            params.size === 0
              ? `the path has no parameters, so "${condition.name.trim()}" is never there`
              : `the path has no parameter "${condition.name.trim()}"; its parameters: ${[...params].join(', ')}`,
        });
      }
    }
  }
  return problems;
}

// Describing a rule in one line lives in rule-text.ts: the route table needs it without the
// regular-expression engine this module loads.
export { describeRule } from './rule-text.ts';

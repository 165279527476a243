/**
 * Matching a request with a route's rules (`compileRules`), and the check of a route's rules
 * before saving with RE2 (`ruleProblems`): apart from rules.ts, since both load re2js
 * (rule-patterns.ts), which the route editor loads only once a draft holds a regex.
 */
import type { ResponseMatch } from './model.ts';
import { checkPattern, compilePattern } from './rule-patterns.ts';
import { MISSING, type PathSegment, parseBodyPath, parseNumber, readPath } from './rule-values.ts';
import {
  type CompiledRules,
  MAX_RULE_MATCH_LENGTH,
  type RouteRule,
  type RuleCondition,
  type RuleProblem,
  type RuleRequest,
  type RuleResponse,
  ruleProblemsWith,
} from './rules.ts';

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
  return ruleProblemsWith(checkPattern, rules, responseNames, paramNames);
}

/**
 * Rules: the no-code request matching of a route (issue 30). A route holds an ordered list of
 * rules; each has conditions on the request (a path parameter, a query parameter, a header, a
 * cookie, or a field of the JSON body), combined with AND (`all`) or OR (`any`), and names the
 * response it picks. The first rule that matches picks; none, and the route's choice goes on
 * (rotation, default). Rules are data, stored with the route; regular expressions run with RE2's
 * linear-time matching (re2js), so no pattern can hold the event loop. This module holds the
 * contract and the checks that need no regular-expression engine; rule-match.ts matches
 * (`compileRules`) and checks with RE2 (`ruleProblems`), rule-patterns.ts loads re2js.
 *
 * THE CONTRACT (types below) is fixed; the implementation of the functions is filled in.
 */
import type { ResponseMatch } from './model.ts';
import type { PatternCheck } from './rule-patterns.ts';
import { parseBodyPath, parseNumber } from './rule-values.ts';

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
 * `ruleProblems` with the check of each regex given (core's `checkPattern`, from rule-patterns.ts),
 * or none: then the patterns are not compiled, and only the rest is checked. The route editor
 * passes none until a draft holds a regex, so that re2js stays out of its first load.
 */
export function ruleProblemsWith(
  check: ((pattern: string) => PatternCheck) | null,
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
        program <= MAX_RULES_PROGRAM_SIZE &&
        check !== null
      ) {
        const pattern = check(condition.value);
        if (!pattern.ok) {
          problems.push({ path: `${where}.value`, message: pattern.message });
        } else {
          const { size } = pattern;
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

// Describing a rule in one line lives in rule-text.ts, matching and the check with RE2 in
// rule-match.ts: the route table and the route editor need neither the regular-expression engine
// nor each other.
export { describeRule } from './rule-text.ts';

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
  /** The JSON body, or null when there is none or it is not JSON. */
  body: unknown;
}

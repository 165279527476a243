/**
 * The rules of a route as sent (issue 30): an ordered list, each rule a set of conditions on
 * the request combined with AND or OR and the name of the response it picks. Whether that name
 * is one of the route's responses needs the route: `ruleProblems` checks it when saving.
 */
import {
  MAX_CONDITIONS_PER_RULE,
  MAX_RULES_PER_ROUTE,
  type RouteRule,
  RULE_OPERATORS,
  RULE_SOURCES,
  type RuleCondition,
  ruleConditionProblems,
} from '../projects/rules.ts';
import { MAX_NAME_LENGTH } from './api-texts.ts';
import { z } from './zod.ts';

const SOURCE_MESSAGE = `source must be one of ${RULE_SOURCES.join(', ')}`;
const OPERATOR_MESSAGE = `operator must be one of ${RULE_OPERATORS.join(', ')}`;

/**
 * One condition as sent. Its name is trimmed; a value an operator does not use is dropped
 * (`exists` and `missing` keep neither `value` nor `values`, `in` keeps only `values`, the
 * others only `value`), so that what is stored is what counts.
 */
export const ruleConditionSchema = z
  .object({
    source: z.enum(RULE_SOURCES, { error: SOURCE_MESSAGE }),
    /** A parameter, header or cookie name, or a body path (`$.user.id`, `items[0].sku`). */
    name: z.string({ error: 'each condition needs a name' }).trim(),
    operator: z.enum(RULE_OPERATORS, { error: OPERATOR_MESSAGE }),
    /** Compared as text; a number for lt, lte, gt, gte; an RE2 pattern for regex. */
    value: z.string({ error: 'value must be text' }).optional(),
    /** The values of `in`. */
    values: z.array(z.string({ error: 'the values of in are texts' })).optional(),
  })
  .superRefine((condition, ctx) => {
    for (const problem of ruleConditionProblems(condition)) {
      // The enums above have said what is wrong with these.
      if (problem.field === 'source' || problem.field === 'operator') continue;
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  })
  .transform(({ source, name, operator, value, values }): RuleCondition => {
    if (operator === 'exists' || operator === 'missing') return { source, name, operator };
    if (operator === 'in') return { source, name, operator, values: values ?? [] };
    return { source, name, operator, value: value ?? '' };
  });

/** One rule as sent; `combine` is `all` (AND) unless it says `any` (OR). */
export const routeRuleSchema = z.object({
  /** Shown in the route table; blank means none. */
  name: z
    .string({ error: 'a rule name must be text' })
    .trim()
    .max(MAX_NAME_LENGTH, { error: `a rule name is at most ${MAX_NAME_LENGTH} characters` })
    .optional()
    .transform((name) => (name === '' ? undefined : name)),
  combine: z.enum(['all', 'any'], { error: 'combine must be all or any' }).default('all'),
  conditions: z
    .array(ruleConditionSchema, { error: 'conditions must be a list' })
    .min(1, { error: 'a rule needs at least one condition' })
    .max(MAX_CONDITIONS_PER_RULE, {
      error: `a rule holds at most ${MAX_CONDITIONS_PER_RULE} conditions`,
    }),
  /** The name of the route's response the rule picks. */
  response: z
    .string({ error: 'each rule names the response it picks' })
    .trim()
    .min(1, { error: 'each rule names the response it picks' }),
});

/**
 * A route's rules as sent, in order (the first that matches picks). Limits: MAX_RULES_PER_ROUTE
 * rules, MAX_CONDITIONS_PER_RULE conditions each, MAX_RULE_VALUE_LENGTH characters per name
 * or value, MAX_RULE_IN_VALUES values per `in`.
 */
export const routeRulesSchema = z
  .array(routeRuleSchema, { error: 'rules must be a list' })
  .max(MAX_RULES_PER_ROUTE, {
    error: `a route holds at most ${MAX_RULES_PER_ROUTE} rules`,
  }) satisfies z.ZodType<RouteRule[]>;
/** The rules as a client sends them (`combine` may be left out). */
export type RouteRulesInput = z.input<typeof routeRulesSchema>;

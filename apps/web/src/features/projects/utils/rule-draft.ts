import type { RouteRule, RuleCondition, RuleOperator, RuleSource } from '@mocksmith/core/projects';

/** One condition as the route editor holds it: the value typed (for `in`, comma-separated). */
export interface ConditionDraft {
  source: RuleSource;
  name: string;
  operator: RuleOperator;
  value: string;
}

/** One rule as the route editor holds it; a blank name is none. */
export interface RuleDraft {
  name: string;
  combine: 'all' | 'any';
  conditions: ConditionDraft[];
  response: string;
}

/** What each source is called in the Source select. */
export const SOURCE_LABELS: Readonly<Record<RuleSource, string>> = {
  param: 'Path parameter',
  query: 'Query parameter',
  header: 'Header',
  cookie: 'Cookie',
  body: 'JSON body field',
};

/** What the Name field of a condition shows before anything is typed, by source. */
export const SOURCE_PLACEHOLDERS: Readonly<Record<RuleSource, string>> = {
  param: 'id',
  query: 'page',
  header: 'x-plan',
  cookie: 'session',
  body: '$.user.plan',
};

/** What each operator is called in the Operator select. */
export const OPERATOR_LABELS: Readonly<Record<RuleOperator, string>> = {
  equals: 'equals',
  notEquals: 'not equals',
  contains: 'contains',
  startsWith: 'starts with',
  regex: 'matches regex',
  exists: 'exists',
  missing: 'is missing',
  lt: '< (less than)',
  lte: '≤ (at most)',
  gt: '> (more than)',
  gte: '≥ (at least)',
  in: 'is one of',
};

/** What the Value field shows before anything is typed, by operator. */
export function valuePlaceholder(operator: RuleOperator): string {
  switch (operator) {
    case 'regex':
      return '^v2';
    case 'in':
      return 'gold, platinum';
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return '100';
    default:
      return 'gold';
  }
}

/** Whether an operator compares with a value (`exists` and `missing` take none). */
export function takesValue(operator: RuleOperator): boolean {
  return operator !== 'exists' && operator !== 'missing';
}

/** A new condition: a header that equals a value, both to be typed. */
export function newConditionDraft(): ConditionDraft {
  return { source: 'header', name: '', operator: 'equals', value: '' };
}

/**
 * A new rule with one condition, picking the first response that is not the default (a rule
 * that picks the default changes nothing), else the first.
 */
export function newRuleDraft(
  responses: readonly { name: string; isDefault: boolean }[],
): RuleDraft {
  const picked = responses.find((item) => !item.isDefault) ?? responses[0];
  return {
    name: '',
    combine: 'all',
    conditions: [newConditionDraft()],
    response: picked?.name ?? '',
  };
}

/** The values of `in` as typed: split at commas, each trimmed, blanks left out. */
export function splitValues(typed: string): string[] {
  return typed
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A stored rule as the editor holds it (an `in` list joined with commas). */
export function ruleDraftOf(rule: {
  name?: string;
  combine: 'all' | 'any';
  conditions: readonly {
    source: string;
    name: string;
    operator: string;
    value?: string;
    values?: string[];
  }[];
  response: string;
}): RuleDraft {
  return {
    name: rule.name ?? '',
    combine: rule.combine,
    conditions: rule.conditions.map((condition) => ({
      source: condition.source as RuleSource,
      name: condition.name,
      operator: condition.operator as RuleOperator,
      value:
        condition.operator === 'in' ? (condition.values ?? []).join(', ') : (condition.value ?? ''),
    })),
    response: rule.response,
  };
}

/** A rule as the management API takes it: only the fields its operators use. */
export function toRouteRule(draft: RuleDraft): RouteRule & { name: string | undefined } {
  const name = draft.name.trim();
  return {
    name: name === '' ? undefined : name,
    combine: draft.combine,
    conditions: draft.conditions.map((condition): RuleCondition => {
      const base = {
        source: condition.source,
        name: condition.name.trim(),
        operator: condition.operator,
      };
      if (!takesValue(condition.operator)) return base;
      if (condition.operator === 'in') return { ...base, values: splitValues(condition.value) };
      return { ...base, value: condition.value };
    }),
    response: draft.response,
  };
}

/**
 * The editor's field of a problem core's `ruleProblems` (or the server) names by JSONPath:
 * `$.rules[0].conditions[1].values` is the Value field `rules.0.conditions.1.value`. Undefined
 * for a path outside the rules.
 */
export function ruleFieldOf(path: string): string | undefined {
  if (!path.startsWith('$.rules')) return undefined;
  return path
    .replace(/^\$\./, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\.values$/, '.value');
}

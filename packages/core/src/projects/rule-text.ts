/**
 * A route's rule in one line, for the route table. Apart from rules.ts, which loads re2js: a page
 * that only lists rules (a project's page) does not load and run the regular-expression engine.
 */
import type { RouteRule, RuleCondition, RuleOperator } from './rules.ts';

const OPERATOR_WORDS: Record<RuleOperator, string> = {
  equals: 'equals',
  notEquals: 'not equals',
  contains: 'contains',
  startsWith: 'starts with',
  regex: 'matches',
  exists: 'exists',
  missing: 'is missing',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
  in: 'in',
};

/**
 * A rule in one line for the route table:
 * `header x-plan equals "gold" AND query tier in [a, b] → premium`. Texts are quoted, numbers
 * and patterns (`matches /^v2/`) are not; list items are quoted only when they hold a comma,
 * a bracket, a quote or edge spaces, or are empty.
 */
export function describeRule(rule: RouteRule): string {
  const joiner = rule.combine === 'any' ? ' OR ' : ' AND ';
  const conditions =
    rule.conditions.length === 0
      ? '(no conditions)'
      : rule.conditions.map(describeCondition).join(joiner);
  return `${conditions} → ${rule.response}`;
}

function describeCondition(condition: RuleCondition): string {
  const subject = `${condition.source} ${condition.name.trim()} ${OPERATOR_WORDS[condition.operator] ?? condition.operator}`;
  const value = condition.value ?? '';
  switch (condition.operator) {
    case 'exists':
    case 'missing':
      return subject;
    case 'in':
      return `${subject} [${(condition.values ?? []).map(listItem).join(', ')}]`;
    case 'regex':
      return `${subject} /${value}/`;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return `${subject} ${value.trim()}`;
    default:
      return `${subject} ${JSON.stringify(value)}`;
  }
}

function listItem(item: string): string {
  return item === '' || /[,[\]"]/.test(item) || item.trim() !== item ? JSON.stringify(item) : item;
}

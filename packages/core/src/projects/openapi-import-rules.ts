/**
 * The rules and settings of a route an import into a project plans (openapi-import.ts): a
 * Mocksmith export's saved rules, network profile and overrides, checked as the management API
 * checks them; or rules made of request and response examples that share a name (issue 30).
 */
import { isJsonMedia, isNode } from '../openapi/answer.ts';
import { MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import { networkProfileSchema } from '../schemas/network.ts';
import { routeRuleSchema } from '../schemas/rules.ts';
import type { RouteResponse } from './model.ts';
import { MOCKSMITH_EXTENSIONS } from './openapi-export.ts';
import type { PlannedRoute } from './openapi-import.ts';
import type { Operation, Planner } from './openapi-import-document.ts';
import { cut, pathParamNames } from './openapi-import-paths.ts';
import type { Entry } from './openapi-import-responses.ts';
import { projectImportTexts } from './openapi-import-texts.ts';
import { parsePathTemplate } from './path-template.ts';
import { ruleProblems } from './rule-match.ts';
import type { RouteRule, RuleCondition, RuleSource } from './rules.ts';

/** A route's settings beside its responses, as a plan says them. */
type RouteSettings = Pick<PlannedRoute, 'rules' | 'network' | 'overrides'>;

/**
 * The rules, network profile and overrides of the route of a plain operation. A Mocksmith export
 * (an operation with `x-mocksmith-path`) says all three, what it leaves out being the default (no
 * rules, the project's profile, overrides allowed); its rules and profile are checked as the
 * management API checks them, and one that does not pass is left out with a warning. Another
 * spec says only rules, by pairing request and response examples (see pairedRules), or by
 * `x-mocksmith-rules` written by hand.
 */
export function routeSettings(
  operation: Operation,
  routePath: string,
  entries: readonly Entry[],
  responses: readonly RouteResponse[],
  planner: Planner,
  maxRules: number,
): RouteSettings {
  const { node } = operation;
  const fromExport = typeof node[MOCKSMITH_EXTENSIONS.path] === 'string';
  const parsed = parsePathTemplate(routePath);
  const params = parsed.ok ? parsed.value.params.map((param) => param.name) : [];
  const names = responses.map((response) => response.name);
  const settings: RouteSettings = {};

  if (MOCKSMITH_EXTENSIONS.rules in node) {
    settings.rules = savedRules(
      operation,
      node[MOCKSMITH_EXTENSIONS.rules],
      names,
      params,
      planner,
      maxRules,
    );
  } else if (fromExport) {
    settings.rules = [];
  } else {
    const rules = pairedRules(operation, routePath, params, entries, names, planner, maxRules);
    if (rules) settings.rules = rules;
  }

  if (MOCKSMITH_EXTENSIONS.network in node) {
    const saved = node[MOCKSMITH_EXTENSIONS.network];
    const checked = networkProfileSchema.nullable().safeParse(saved);
    if (checked.success) {
      settings.network = checked.data;
    } else {
      const problem = checked.error.issues[0];
      planner.warnings.push(
        projectImportTexts.networkLeftOut(operation.label, problem?.message ?? 'invalid'),
      );
      if (fromExport) settings.network = null;
    }
  } else if (fromExport) {
    settings.network = null;
  }

  const overrides = node[MOCKSMITH_EXTENSIONS.overrides];
  if (typeof overrides === 'boolean') settings.overrides = overrides;
  else if (fromExport) settings.overrides = true;
  return settings;
}

/**
 * The rules a spec writes as `x-mocksmith-rules` (a Mocksmith export's, or by hand), in order,
 * each checked as the management API checks a route's rules (its response one of the route's,
 * its path parameters the route's); one that does not pass, or one past `maxRules`, is left out
 * with a warning.
 */
function savedRules(
  operation: Operation,
  saved: unknown,
  responseNames: readonly string[],
  params: readonly string[],
  planner: Planner,
  maxRules: number,
): RouteRule[] {
  if (!Array.isArray(saved)) {
    planner.warnings.push(projectImportTexts.savedRulesNotList(operation.label));
    return [];
  }
  const rules: RouteRule[] = [];
  for (const [index, item] of saved.entries()) {
    const parsed = routeRuleSchema.safeParse(item);
    let problem: string | undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problem = `${issue?.path.join('.') || 'rule'}: ${issue?.message ?? 'invalid'}`;
    } else {
      problem = ruleProblems([parsed.data], responseNames, params)[0]?.message;
      if (problem === undefined && rules.length >= maxRules)
        problem = `a route holds at most ${maxRules} rules`;
    }
    if (problem !== undefined || !parsed.success) {
      planner.warnings.push(
        projectImportTexts.savedRuleLeftOut(operation.label, index, problem ?? 'invalid'),
      );
      continue;
    }
    const { name, ...rule } = parsed.data;
    rules.push(name === undefined ? rule : { name, ...rule });
  }
  return rules;
}

/** Where a parameter's value is read, by its `in`. */
const PARAMETER_SOURCES: Readonly<Record<string, RuleSource>> = {
  path: 'param',
  query: 'query',
  header: 'header',
  cookie: 'cookie',
};

/**
 * The rules of an operation's explicit pairings: a named request example (of its JSON request
 * body, or of its parameters) and a named response example (of any status) of the same name make
 * a rule picking that response when the request has the example's values, all of them: each
 * top-level field of the body example that is text, a number, true, false or null (`$.field`
 * equals its text; the body itself when it is one of those), and each parameter's example value
 * (a path parameter, a query parameter, a header or a cookie equals it). The rules come in the
 * order the examples do (the parameters', then the body's). A name without a partner makes no
 * rule; a pairing with nothing to compare, one the rules' checks refuse, or one past `maxRules`
 * makes none either, with a warning. Undefined when the operation has no named request examples.
 */
function pairedRules(
  operation: Operation,
  routePath: string,
  params: readonly string[],
  entries: readonly Entry[],
  responseNames: readonly string[],
  planner: Planner,
  maxRules: number,
): RouteRule[] | undefined {
  const examples = requestExamples(operation, pathParamNames(operation, routePath));
  if (examples.size === 0) return undefined;
  // A name's partner: the first response made of an example of that name.
  const partners = new Map<string, string>();
  for (const [index, entry] of entries.entries()) {
    const name = responseNames[index];
    if (entry.exampleKey !== undefined && name !== undefined && !partners.has(entry.exampleKey))
      partners.set(entry.exampleKey, name);
  }
  const rules: RouteRule[] = [];
  for (const [name, conditions] of examples) {
    const response = partners.get(name);
    if (response === undefined) continue;
    if (conditions.length === 0) {
      planner.warnings.push(projectImportTexts.noRuleValues(operation.label, name));
      continue;
    }
    const label = cut(name.trim(), MAX_NAME_LENGTH);
    const rule: RouteRule = {
      ...(label !== '' && { name: label }),
      combine: 'all',
      conditions,
      response,
    };
    const problem = ruleProblems([rule], responseNames, params)[0];
    if (problem) {
      planner.warnings.push(projectImportTexts.ruleRefused(operation.label, name, problem.message));
    } else if (rules.length >= maxRules) {
      planner.warnings.push(projectImportTexts.tooManyRules(operation.label, name, maxRules));
    } else {
      rules.push(rule);
    }
  }
  return rules;
}

/**
 * The named request examples of an operation and the conditions each makes, in the order they
 * appear: the parameters' examples (a path parameter by its name in the route), then the JSON
 * request body's. A name whose values are all objects or lists has no conditions.
 */
function requestExamples(
  operation: Operation,
  pathNames: ReadonlyMap<string, string>,
): Map<string, RuleCondition[]> {
  const examples = new Map<string, RuleCondition[]>();
  const add = (name: string, conditions: RuleCondition[]) => {
    examples.set(name, [...(examples.get(name) ?? []), ...conditions]);
  };
  for (const parameter of operation.parameters) {
    const source = PARAMETER_SOURCES[String(parameter.in)];
    if (!source || !isNode(parameter.examples)) continue;
    const raw = String(parameter.name);
    const name = source === 'param' ? pathNames.get(raw) : raw;
    for (const [key, example] of Object.entries(parameter.examples)) {
      if (!isNode(example) || !('value' in example)) continue;
      const value = scalarText(example.value);
      add(
        key,
        name === undefined || value === undefined
          ? []
          : [{ source, name, operator: 'equals', value }],
      );
    }
  }
  const body = operation.node.requestBody;
  const content = isNode(body) && isNode(body.content) ? body.content : {};
  const types = Object.keys(content).filter(isJsonMedia);
  const media =
    content[
      types.find((type) => type.toLowerCase().startsWith('application/json')) ?? types[0] ?? ''
    ];
  if (isNode(media) && isNode(media.examples)) {
    for (const [key, example] of Object.entries(media.examples)) {
      if (isNode(example) && 'value' in example) add(key, bodyConditions(example.value));
    }
  }
  return examples;
}

/** A body example's conditions: each top-level scalar field equals its text, or the body does. */
function bodyConditions(value: unknown): RuleCondition[] {
  const whole = scalarText(value);
  if (whole !== undefined) return [{ source: 'body', name: '$', operator: 'equals', value: whole }];
  if (!isNode(value)) return [];
  return Object.entries(value).flatMap(([field, inner]): RuleCondition[] => {
    const text = scalarText(inner);
    return text === undefined
      ? []
      : [{ source: 'body', name: bodyPath(field), operator: 'equals', value: text }];
  });
}

/** A value a condition compares as text (a JSON number, true, false and null as the rules read them). */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean' || value === null) return String(value);
  return undefined;
}

/** The body path of a top-level field: `$.tier`, or `$["a.b"]` when a dot would not say it. */
function bodyPath(field: string): string {
  if (field !== '' && field !== '*' && field.trim() === field && !/[.[\]]/.test(field))
    return `$.${field}`;
  return `$["${field.replace(/["\\]/g, '\\$&')}"]`;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@mocksmith/core/errors';
import {
  MAX_RESPONSES_PER_ROUTE,
  parsePathTemplate,
  RESPONSE_MODES,
  type RouteInput,
  RULE_OPERATORS,
  RULE_SOURCES,
  routeInputSchema,
  routeResponseInputSchema,
  routeRuleSchema,
  ruleProblemsWith,
} from '@mocksmith/core/projects';
import type { PatternCheck } from '@mocksmith/core/rule-patterns';
import { z } from '@mocksmith/core/zod';
import { parseJson } from '../../../components/template-editor/text/template-text.ts';
import { checkNetworkDraft } from './network-check.ts';
import { FAULT_KINDS, LATENCY_KINDS, type NetworkDraft } from './network-draft.ts';
import { type RuleDraft, ruleFieldOf, toRouteRule } from './rule-draft.ts';

const route = routeInputSchema.shape;
const response = routeResponseInputSchema.shape;

/** A number typed in a field: an empty one is `empty`, anything else is checked by `rule`. */
function typedNumber(rule: z.ZodNumber, empty: number) {
  return z
    .string()
    .trim()
    .transform((typed) => (typed === '' ? empty : Number(typed)))
    .pipe(rule);
}

/**
 * One response as the route editor holds it, with core's rules and texts: the status and delay
 * typed as text (an empty delay is 0), the template as JSON text, the header rows, and the
 * header condition an import may have set (kept as it is).
 */
const responseDraftSchema = z.object({
  name: response.name,
  status: typedNumber(response.status.unwrap(), Number.NaN),
  delay: typedNumber(response.delay.unwrap(), 0),
  template: z.string().refine((text) => parseJson(text).ok, {
    error: messages.invalidJsonApiPage,
  }),
  headers: response.headers,
  when: z.object({ header: z.string(), equals: z.string() }).nullable(),
});

const conditionDraftSchema = z.object({
  source: z.enum(RULE_SOURCES),
  name: z.string(),
  operator: z.enum(RULE_OPERATORS),
  value: z.string(),
});

/** A rule as typed; core's `ruleProblems` checks it with the route (see routeDraftSchema). */
const ruleDraftSchema = z.object({
  name: z.string().superRefine((name, ctx) => {
    const checked = routeRuleSchema.shape.name.safeParse(name);
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message });
    }
  }),
  combine: z.enum(['all', 'any']),
  conditions: z.array(conditionDraftSchema),
  response: z.string(),
}) satisfies z.ZodType<unknown, RuleDraft>;

const networkDraftSchema = z.object({
  preset: z.string(),
  latency: z.enum(LATENCY_KINDS),
  ms: z.string(),
  min: z.string(),
  max: z.string(),
  mean: z.string(),
  sd: z.string(),
  p50: z.string(),
  p95: z.string(),
  fault: z.boolean(),
  percent: z.string(),
  faultKind: z.enum(FAULT_KINDS),
  status: z.string(),
  body: z.string(),
  rateLimit: z.boolean(),
  limit: z.string(),
  per: z.enum(['second', 'minute']),
}) satisfies z.ZodType<NetworkDraft, NetworkDraft>;

/** Core's check of a rule's regex, with re2js: loaded the first time a draft holds a regex. */
let patternCheck: Promise<((pattern: string) => PatternCheck) | null> | undefined;

/**
 * RE2's check of the patterns, loaded once a draft holds one, so that a route editor without a
 * regex never loads re2js. Should the load fail, the patterns go unchecked here (and the
 * server, which checks them too, names a bad one on saving), and the next check tries again.
 */
function loadPatternCheck() {
  patternCheck ??= import('@mocksmith/core/rule-patterns').then(
    (module) => module.checkPattern,
    () => {
      patternCheck = undefined;
      return null;
    },
  );
  return patternCheck;
}

/** The rules as the management API takes them: names trimmed, values split or dropped. */
function rulesOf(rules: readonly RuleDraft[]) {
  return rules.map(toRouteRule);
}

/**
 * A route as the route editor holds it: core's rules for the method, the path (parsed, with the
 * parser's words), the name, the rotation and the token; `defaultResponse` is the index of the
 * default response (one radio group), and response names are unique within the route. Its
 * rules are checked by core's `ruleProblems` against its responses and its path's parameters,
 * and its own network profile (`networkMode` own) by core's schema, each problem beside its
 * field. The check is asynchronous (`parseAsync`, as the form's resolver does): a regex is
 * checked by RE2, loaded with the first draft that holds one.
 */
export const routeDraftSchema = z
  .object({
    method: route.method,
    path: route.path,
    name: z.string().trim().max(100),
    responseMode: z.enum(RESPONSE_MODES),
    authToken: route.authToken,
    rules: z.array(ruleDraftSchema),
    networkMode: z.enum(['project', 'own']),
    network: networkDraftSchema,
    overrides: z.boolean(),
    defaultResponse: z.string(),
    responses: z
      .array(responseDraftSchema)
      .min(1, { error: 'a route needs at least one response' })
      .max(MAX_RESPONSES_PER_ROUTE, {
        error: `a route holds at most ${MAX_RESPONSES_PER_ROUTE} responses`,
      }),
  })
  .superRefine(async (draft, ctx) => {
    const seen = new Set<string>();
    for (const [index, { name }] of draft.responses.entries()) {
      if (seen.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['responses', index, 'name'],
          message: `Two responses are named "${name}": names are unique within a route`,
        });
      }
      seen.add(name);
    }
    // The problems core finds before the server does, where the server would put them.
    const path = typeof draft.path === 'string' ? parsePathTemplate(draft.path) : undefined;
    const rules = rulesOf(draft.rules);
    const hasPattern = rules.some((rule) =>
      rule.conditions.some((condition) => condition.operator === 'regex'),
    );
    const problems = ruleProblemsWith(
      hasPattern ? await loadPatternCheck() : null,
      rules,
      draft.responses.map((item) => item.name),
      path?.ok ? path.value.params.map((param) => param.name) : undefined,
    );
    for (const problem of problems) {
      const field = ruleFieldOf(problem.path);
      if (field === undefined) continue;
      ctx.addIssue({ code: 'custom', path: field.split('.'), message: problem.message });
    }
    if (draft.networkMode === 'own') {
      const checked = checkNetworkDraft(draft.network);
      if (!checked.ok) {
        for (const [field, message] of Object.entries(checked.problems)) {
          ctx.addIssue({ code: 'custom', path: ['network', field], message });
        }
      }
    }
  });

/** A route's fields as the editor holds them. */
export type RouteDraftInput = z.input<typeof routeDraftSchema>;
/** A route's fields once checked. */
export type RouteDraft = z.output<typeof routeDraftSchema>;
export type ResponseDraftInput = RouteDraftInput['responses'][number];

/** A checked draft as the management API takes it. */
export function toRouteInput(draft: RouteDraft): RouteInput {
  const chosen = Number(draft.defaultResponse);
  return {
    method: draft.method,
    path: draft.path,
    name: draft.name === '' ? undefined : draft.name,
    responseMode: draft.responseMode,
    authToken: draft.authToken,
    rules: rulesOf(draft.rules),
    network: draft.networkMode === 'own' ? ownProfile(draft.network) : null,
    overrides: draft.overrides,
    responses: draft.responses.map(({ when, ...item }, index) => ({
      ...item,
      default: index === chosen,
      ...(when ? { when } : {}),
    })),
  };
}

/** A checked own profile (the schema has refused a draft whose profile is not valid). */
function ownProfile(network: NetworkDraft) {
  const checked = checkNetworkDraft(network);
  if (!checked.ok) throw new Error('The route draft was checked before it is sent');
  return checked.profile;
}

/** The route form's resolver: its rules, with RE2 for the patterns, as the form checks. */
export const routeDraftResolver = zodResolver(routeDraftSchema);

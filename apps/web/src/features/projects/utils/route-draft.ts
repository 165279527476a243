import { messages } from '@mocksmith/core/errors';
import {
  MAX_RESPONSES_PER_ROUTE,
  RESPONSE_MODES,
  type Route,
  type RouteInput,
  routeInputSchema,
  routeResponseInputSchema,
} from '@mocksmith/core/projects';
import { z } from 'zod';
import {
  formatJsonText,
  parseJson,
} from '../../../components/template-editor/text/template-text.ts';

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

/**
 * A route as the route editor holds it: core's rules for the method, the path (parsed, with the
 * parser's words), the name, the rotation and the token; `defaultResponse` is the index of the
 * default response (one radio group), and response names are unique within the route.
 */
export const routeDraftSchema = z
  .object({
    method: route.method,
    path: route.path,
    name: z.string().trim().max(100),
    responseMode: z.enum(RESPONSE_MODES),
    authToken: route.authToken,
    rules: route.rules,
    network: route.network,
    overrides: route.overrides,
    defaultResponse: z.string(),
    responses: z
      .array(responseDraftSchema)
      .min(1, { error: 'a route needs at least one response' })
      .max(MAX_RESPONSES_PER_ROUTE, {
        error: `a route holds at most ${MAX_RESPONSES_PER_ROUTE} responses`,
      }),
  })
  .superRefine((draft, ctx) => {
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
  });

/** A route's fields as the editor holds them. */
export type RouteDraftInput = z.input<typeof routeDraftSchema>;
/** A route's fields once checked. */
export type RouteDraft = z.output<typeof routeDraftSchema>;
export type ResponseDraftInput = RouteDraftInput['responses'][number];

/** What a new route's first response generates. */
const FIRST_TEMPLATE = JSON.stringify({ id: 'uuid', name: 'string' }, null, 2);

/** A new response, named `response-N` after the ones there are (a name not yet taken). */
export function newResponseDraft(taken: readonly string[] = []): ResponseDraftInput {
  let number = taken.length + 1;
  while (taken.includes(`response-${number}`)) number += 1;
  return {
    name: taken.length === 0 ? 'ok' : `response-${number}`,
    status: '200',
    delay: '0',
    template: taken.length === 0 ? FIRST_TEMPLATE : '{}',
    headers: [],
    when: null,
  };
}

/** A new route: GET at `/`, answering one response, `ok`. */
export function newRouteDraft(): RouteDraftInput {
  return {
    method: 'GET',
    path: '/',
    name: '',
    responseMode: 'default',
    authToken: null,
    rules: [],
    network: null,
    overrides: true,
    defaultResponse: '0',
    responses: [newResponseDraft()],
  };
}

/** The editor filled from a stored route; templates shown pretty-printed. */
export function draftOf(stored: Route): RouteDraftInput {
  const index = stored.responses.findIndex((item) => item.default);
  return {
    method: stored.method,
    path: stored.path,
    name: stored.name,
    responseMode: stored.responseMode,
    authToken: stored.authToken,
    rules: stored.rules as RouteDraftInput['rules'],
    network: stored.network,
    overrides: stored.overrides,
    defaultResponse: String(Math.max(index, 0)),
    responses: stored.responses.map((item) => ({
      name: item.name,
      status: String(item.status),
      delay: String(item.delay),
      template: formatJsonText(item.template) ?? item.template,
      headers: item.headers.map((header) => ({ ...header })),
      when: item.when ? { ...item.when } : null,
    })),
  };
}

/** A checked draft as the management API takes it. */
export function toRouteInput(draft: RouteDraft): RouteInput {
  const chosen = Number(draft.defaultResponse);
  return {
    method: draft.method,
    path: draft.path,
    name: draft.name === '' ? undefined : draft.name,
    responseMode: draft.responseMode,
    authToken: draft.authToken,
    rules: draft.rules,
    network: draft.network,
    overrides: draft.overrides,
    responses: draft.responses.map(({ when, ...item }, index) => ({
      ...item,
      default: index === chosen,
      ...(when ? { when } : {}),
    })),
  };
}

/** The editor's field for each path of a refused body, for `setServerErrors`. */
export const ROUTE_DRAFT_FIELDS = {
  method: 'method',
  path: 'path',
  name: 'name',
  responseMode: 'responseMode',
  authToken: 'authToken',
  responses: 'responses',
} as const;

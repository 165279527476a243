import type { LoggedCallView } from '@mocksmith/core/inspector';
import {
  paramsFromPath,
  parsePathTemplate,
  ROUTE_METHODS,
  type RouteMethod,
  type RouteView,
} from '@mocksmith/core/projects';
import { isMasked } from './format.ts';

/**
 * What the inspector hands the route editor (as the router's location state) to fill a route
 * from a call: for a new route its method, path and a response template; for a route's editor a
 * rule whose conditions each check that a query parameter or a header equals this call's value.
 */
export interface RoutePrefill {
  method?: RouteMethod;
  path?: string;
  /** The first response's template, as JSON text. */
  template?: string;
  rule?: { conditions: { source: 'query' | 'header'; name: string; value: string }[] };
}

const isText = (value: unknown): value is string => typeof value === 'string';
const optional = (value: unknown, is: (value: unknown) => boolean) =>
  value === undefined || is(value);

/** A rule's conditions as the inspector writes them (one at least), or undefined. */
function conditionsOf(rule: unknown): NonNullable<RoutePrefill['rule']>['conditions'] | undefined {
  if (typeof rule !== 'object' || rule === null) return undefined;
  const { conditions } = rule as { conditions?: unknown };
  if (!Array.isArray(conditions) || conditions.length === 0) return undefined;
  const read: NonNullable<RoutePrefill['rule']>['conditions'] = [];
  for (const condition of conditions as unknown[]) {
    if (typeof condition !== 'object' || condition === null) return undefined;
    const { source, name, value } = condition as Record<string, unknown>;
    if ((source !== 'query' && source !== 'header') || !isText(name) || !isText(value)) {
      return undefined;
    }
    read.push({ source, name, value });
  }
  return read;
}

/**
 * The prefill a page was opened with (`location.state`), or undefined for none or another. Read
 * by hand rather than with a schema: the route editor's first render needs no validation library.
 */
export function readRoutePrefill(state: unknown): RoutePrefill | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { method, path, template, rule } = state as Record<string, unknown>;
  const conditions = rule === undefined ? undefined : conditionsOf(rule);
  if (
    !optional(method, (value) => isText(value) && isRouteMethod(value)) ||
    !optional(path, isText) ||
    !optional(template, isText) ||
    (rule !== undefined && conditions === undefined)
  ) {
    return undefined;
  }
  return {
    ...(method === undefined ? {} : { method: method as RouteMethod }),
    ...(path === undefined ? {} : { path: path as string }),
    ...(template === undefined ? {} : { template: template as string }),
    ...(conditions === undefined ? {} : { rule: { conditions } }),
  };
}

function isRouteMethod(method: string): method is RouteMethod {
  return (ROUTE_METHODS as readonly string[]).includes(method);
}

/** Why no route can be made from this call, or undefined when one can. */
export function routeRefusal(
  call: Pick<LoggedCallView, 'method' | 'path'>,
): { kind: 'method' | 'path' } | undefined {
  if (!isRouteMethod(call.method)) return { kind: 'method' };
  if (!parsePathTemplate(call.path).ok) return { kind: 'path' };
  return undefined;
}

/**
 * A response template that answers this body as it is: `{"__literal": BODY}`, so that nothing
 * in it is read as a data type or a directive ("uuid" stays the text "uuid"). Undefined when the
 * body is not whole JSON (none, cut at 16 KB, or text).
 */
export function templateOfBody(
  call: Pick<LoggedCallView, 'body' | 'bodyTruncated'>,
): string | undefined {
  if (call.body === null || call.body.trim() === '' || call.bodyTruncated) return undefined;
  try {
    return JSON.stringify({ __literal: JSON.parse(call.body) as unknown }, null, 2);
  } catch {
    return undefined;
  }
}

/** The new route of a call: its method, its concrete path, and its JSON body as the answer. */
export function newRoutePrefill(call: LoggedCallView): RoutePrefill {
  const template = templateOfBody(call);
  return {
    method: isRouteMethod(call.method) ? call.method : undefined,
    path: call.path,
    ...(template === undefined ? {} : { template }),
  };
}

/** What the inspector reads of a project's route (the projects feature hands it in). */
export type InspectedRoute = Pick<RouteView, 'id' | 'method' | 'path'>;

/**
 * The project's route that answers this call: the one the log names (`GET /users/{id}`), else
 * (none answered then, or it changed since) the one whose method and path, typed parameters
 * included, match the call's now, a literal path before parameters as the server's router has it.
 */
export function routeOfCall<R extends InspectedRoute>(
  routes: readonly R[],
  call: Pick<LoggedCallView, 'method' | 'path' | 'route'>,
): R | undefined {
  const named = routes.find((route) => `${route.method} ${route.path}` === call.route);
  if (named) return named;
  const candidates = routes
    .filter((route) => route.method === call.method)
    .map((route) => ({ route, parsed: parsePathTemplate(route.path) }))
    .filter((item) => item.parsed.ok && paramsFromPath(item.parsed.value, call.path) !== null)
    .sort((a, b) => weight(a.parsed) - weight(b.parsed));
  return candidates[0]?.route;
}

function weight(parsed: ReturnType<typeof parsePathTemplate>): number {
  return parsed.ok ? parsed.value.params.length + (parsed.value.tail ? 1000 : 0) : 0;
}

/** One thing of a call a rule can check: a query parameter or a header, with its value. */
export interface RuleChoice {
  source: 'query' | 'header';
  name: string;
  value: string;
  /** Ticked at first: query parameters are, headers are not. */
  ticked: boolean;
}

/**
 * Headers a rule built from a call does not offer: the client's and the proxies' own, and
 * Mocksmith's session header (a session is chosen by it, not matched).
 */
const UNOFFERED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'keep-alive',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-mock-session',
]);

/**
 * What a rule made from this call can check: each query parameter (its first value; the
 * overrides such as `__status` left out), ticked, then each header that is not masked and not
 * the client's own, unticked.
 */
export function ruleChoicesOf(call: Pick<LoggedCallView, 'query' | 'headers'>): RuleChoice[] {
  const choices: RuleChoice[] = [];
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(call.query)) {
    if (name === '' || name.startsWith('__') || seen.has(name)) continue;
    seen.add(name);
    choices.push({ source: 'query', name, value, ticked: true });
  }
  for (const [name, value] of Object.entries(call.headers)) {
    const lower = name.toLowerCase();
    if (UNOFFERED_HEADERS.has(lower) || isMasked(value)) continue;
    choices.push({ source: 'header', name: lower, value, ticked: false });
  }
  return choices;
}

/** The rule of the ticked choices, as the route editor takes it. */
export function rulePrefill(choices: readonly RuleChoice[]): RoutePrefill | undefined {
  const conditions = choices
    .filter((choice) => choice.ticked)
    .map(({ source, name, value }) => ({ source, name, value }));
  return conditions.length === 0 ? undefined : { rule: { conditions } };
}

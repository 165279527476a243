/**
 * A route compiled for serving (DESIGN.md §4b): core's Route, with what its host knows of it
 * (its owner, its project, whether a moderator stopped it), made once into what the steps read:
 * each response's template compiled and, when static, its one body serialised; its headers ready
 * to send; its rules compiled (the owner's, then one per `when` of a response); its default
 * answer made ahead. The server compiles a stored route on its first call and caches it
 * (mock-cache.ts); the command-line runner compiles every route of its files at start. Both
 * serve the same objects, so that a route answers the same bytes on either. Pure.
 */
import {
  type CompiledTemplate,
  compileTemplate,
  endpointMatcher,
  headerFitsStatus,
  isReservedHeaderName,
  parseTemplate,
  ResponseTooLargeError,
  sampleStory,
} from '@mocksmith/core';
import type { NetworkProfile } from '@mocksmith/core/network';
import { compileRequestCheck, type RequestCheck } from '@mocksmith/core/openapi';
import {
  type CompiledRules,
  compileRules,
  type ResponseMode,
  type Route,
  type RouteMethod,
  type RouteResponse,
} from '@mocksmith/core/projects';
import type { Chosen } from './call.ts';
import { headerText } from './capture.ts';

/** One response of a route, compiled once: what answers a call once it is chosen. */
export interface CompiledResponse {
  /** Its name (`default` for a stand-alone API's one response), for `Prefer: example=NAME`. */
  name: string;
  isDefault: boolean;
  /** Its status (the name is the original product's). */
  httpCode: number;
  delay: number;
  /** Its own response headers, ready to send, reserved names left out. */
  headerList: readonly (readonly [string, string])[];
  compiled: CompiledTemplate;
  /** The serialised body of a template without generated values, computed once. */
  staticBody: string | null;
  /** Aliases for the response choice of core (choose.ts). */
  readonly status: number;
  /** A stored example (literals only): `Prefer: dynamic=true` passes it by. */
  readonly isExample: boolean;
  /** Its `X-Mock-Response` header, which a project's answers carry, made once. */
  readonly named: readonly (readonly [string, string])[];
}

/**
 * A route as the steps read it, compiled once. Its own fields are those of its default response
 * (a stand-alone API has only that one), so the original product's code paths read it as they
 * always did; `responses` holds them all, the route itself first when it stands alone.
 */
export interface CompiledRoute extends CompiledResponse {
  id: string;
  requestId: string;
  method: RouteMethod;
  /** A stand-alone API's custom endpoint (its path after its id), or null. */
  customEndpoint: string | null;
  authToken: string | null;
  /**
   * Why a moderator stopped its URLs (they answer 403), or null: its owner is banned, or it was
   * disabled. Compiled with the rest, so a call reads no account.
   */
  stopped: 'owner-banned' | 'disabled' | null;
  /** Its owner's account, or null: large answers are budgeted per owner too. */
  ownerId: string | null;
  /** Every response, the default among them; one for a stand-alone API. */
  responses: readonly CompiledResponse[];
  /** How a route picks among its responses when the request names none. */
  responseMode: ResponseMode;
  /** The project it is a route of, or null. */
  projectId: string | null;
  /** That project's slug when it was read: its own URL answers and logs as the project's. */
  projectSlug: string | null;
  /**
   * Whether a called path (leading slash, none trailing) is this API's custom endpoint, whose
   * `{name}` segments match any value; built once here, so a call runs one comparison or test.
   */
  matchesEndpoint: ((path: string) => boolean) | null;
  /**
   * Its rules, compiled once (regular expressions with RE2): the owner's, then one for each
   * response with a header condition (`when`); null when it has neither.
   */
  rules: CompiledRules | null;
  /** Its own network profile; null: its project's, if any. */
  network: NetworkProfile | null;
  /** Whether callers may override its answer (`?__status`, `?__delay`, `Prefer`). */
  overrides: boolean;
  /** Its path template in its project (`/users/{id}`), or null for a stand-alone API. */
  routePath: string | null;
  /**
   * Its answer when the call asks for nothing and no rule applies (its default response at its
   * status): nearly every call's choice, made once here rather than allocated per call.
   */
  byDefault: Chosen<CompiledResponse>;
  /** The name its calls are logged and counted under (`GET /users/{id}`), null standing alone. */
  routeName: string | null;
  /**
   * Its OpenAPI contract, compiled by ajv on its first call checked (once per project version,
   * never for a project that checks nothing), or null when it has none (validate.ts).
   */
  requestCheck: RequestCheck | null;
}

/** What a host knows of a route beyond core's Route. */
export interface RouteFacts {
  /** The project it is a route of (its path is then its place there), or null standing alone. */
  projectId: string | null;
  projectSlug: string | null;
  /** Its owner's account, or null (an anonymous API). */
  ownerId: string | null;
  /** Why a moderator stopped it, or null. */
  stopped: 'owner-banned' | 'disabled' | null;
  /** One of the official sample APIs: each body finishes with its story (core's sample stories). */
  official?: boolean;
}

/**
 * Compiles a route for serving. Stored templates were validated when saved, in the mode of
 * their owner, so this compiles in full mode; null if the text is somehow broken. One saved
 * under older rules whose answer can pass `maxResponseBytes` is still served, by a generator
 * that stops past the limit (core's ResponseTooLargeError). An official sample API finishes
 * each body with its story, so that its parts agree (one city's weather, one customer's money).
 * A route's responses are compiled each; one that is somehow broken is left out, and the route
 * is null only when its default is.
 */
export function compileRoute(
  route: Route,
  facts: RouteFacts,
  maxResponseBytes?: number,
): CompiledRoute | null {
  const finish = facts.official ? sampleStory(route.requestId) : undefined;
  const stored = route.responses;
  const responses: CompiledResponse[] = [];
  let fallback: CompiledResponse | undefined;
  for (const response of stored) {
    const compiled = compileResponse(response, maxResponseBytes, finish);
    if (!compiled) continue;
    responses.push(compiled);
    if (compiled.isDefault && !fallback) fallback = compiled;
  }
  const main = fallback ?? (stored.some((r) => r.isDefault) ? undefined : responses[0]);
  if (!main) return null;
  const inProject = facts.projectId !== null;
  const customEndpoint = inProject ? null : route.path;
  const routePath = inProject ? route.path : null;
  const compiled: CompiledRoute = {
    ...main,
    // The default's own object stays in the list, so a choice of it is the route itself.
    id: route.id,
    requestId: route.requestId,
    method: route.method,
    customEndpoint,
    authToken: route.authToken,
    stopped: facts.stopped,
    ownerId: facts.ownerId,
    responses,
    responseMode: route.mode,
    projectId: facts.projectId,
    projectSlug: facts.projectSlug,
    matchesEndpoint: customEndpoint ? endpointMatcher(customEndpoint) : null,
    rules: rulesOf(route, responses),
    network: route.network,
    overrides: route.overrides,
    routePath,
    // Set just below, once the route exists.
    byDefault: undefined as unknown as Chosen<CompiledResponse>,
    routeName: routePath ? `${route.method} ${routePath}` : null,
    requestCheck: requestCheckOf(route),
  };
  compiled.byDefault = { response: compiled, status: compiled.httpCode, rule: null };
  if (responses.length === 1) compiled.responses = [compiled];
  return compiled;
}

/** A route's contract made ready to check (ajv compiles it on the first call checked); null without one. */
function requestCheckOf(route: Route): RequestCheck | null {
  return route.request ? compileRequestCheck(route.request) : null;
}

/**
 * A route's rules compiled for serving: the owner's first, keeping their places (X-Mock-Rule
 * numbers them), then a rule for each served response's header condition (`when`, the AWS-style
 * routes of an import), so that one mechanism chooses; null when there are neither.
 */
function rulesOf(route: Route, served: readonly CompiledResponse[]): CompiledRules | null {
  const rules = route.rules;
  const names = new Set(served.map((response) => response.name));
  const responses = route.responses.filter((response) => names.has(response.name));
  if (rules.length === 0 && !responses.some((response) => response.when)) return null;
  return compileRules([...rules], responses);
}

/** One response compiled: its template, its headers and, when static, its one body. */
export function compileResponse(
  response: RouteResponse,
  maxResponseBytes?: number,
  finish?: ReturnType<typeof sampleStory>,
): CompiledResponse | null {
  const parsed = parseTemplate(response.template);
  if (!parsed.ok) return null;
  const compiled = compileTemplate(parsed.value, {
    mode: 'full',
    stored: true,
    maxResponseBytes,
    finish,
  });
  if (!compiled.ok) return null;
  const template = compiled.value;
  return {
    name: response.name,
    isDefault: response.isDefault,
    httpCode: response.status,
    status: response.status,
    delay: response.delay,
    // Saved before a header was reserved (or refused with its status), a header is still never served.
    headerList: response.headers
      .filter(
        (header) =>
          !isReservedHeaderName(header.name) && headerFitsStatus(header.name, response.status),
      )
      .map((header) => [header.name, header.value] as const),
    compiled: template,
    staticBody: template.isStatic ? staticBodyOf(template) : null,
    isExample: template.isStatic,
    named: [['x-mock-response', headerText(response.name)]],
  };
}

/** The one body of a static template, serialised; null when it is over the size limit. */
function staticBodyOf(template: CompiledTemplate): string | null {
  try {
    return JSON.stringify(template.generate());
  } catch (error) {
    if (error instanceof ResponseTooLargeError) return null;
    throw error;
  }
}

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
import {
  type CompiledRules,
  compileRules,
  type ResponseMode,
  type RouteResponse,
} from '@mocksmith/core/projects';
import type { Chosen, MockApiRecord } from './mocks.service.ts';

/** One response of an API, compiled once: what answers a call once it is chosen. */
export interface MockResponse {
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
}

/**
 * What the public endpoint needs of an API, compiled once. Its own fields are those of its
 * default response (a stand-alone API has only that one), so the original product's code paths read it as
 * they always did; `responses` holds them all, the API itself first when it stands alone.
 */
export interface MockApi
  extends MockResponse,
    Pick<MockApiRecord, 'id' | 'requestId' | 'method' | 'customEndpoint' | 'authToken'> {
  /**
   * Why a moderator stopped its URLs (they answer 403), or null: its owner is banned, or it was
   * disabled. Cached with the rest, so a call reads no account; a ban announces the owner's APIs.
   */
  stopped: 'owner-banned' | 'disabled' | null;
  /** Its owner's account, or null: large answers are budgeted per owner too (answer-budget.ts). */
  ownerId: string | null;
  /** Every response, the default among them; one for a stand-alone API. */
  responses: readonly MockResponse[];
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
  byDefault: Chosen;
  /** The name its calls are logged and counted under (`GET /users/{id}`), null standing alone. */
  routeName: string | null;
}

/**
 * Compiles a stored API for serving. Stored templates were validated when saved, in the mode of
 * their owner, so this compiles in full mode; null if the text is somehow broken. One saved
 * under older rules whose answer can pass `maxResponseBytes` is still served, by a generator
 * that stops past the limit (core's ResponseTooLargeError). An official sample API finishes
 * each body with its story, so that its parts agree (one city's weather, one customer's money).
 * A route's responses are compiled each; one that is somehow broken is left out, and the route
 * is null only when its default is.
 */
export function toMockApi(record: MockApiRecord, maxResponseBytes?: number): MockApi | null {
  const finish = record.isOfficial ? sampleStory(record.requestId) : undefined;
  const stored: readonly RouteResponse[] =
    record.responses && record.responses.length > 0
      ? record.responses
      : [
          {
            name: 'default',
            status: record.httpCode,
            template: record.template,
            headers: record.customHeaders,
            delay: record.delay,
            isDefault: true,
          },
        ];
  const responses: MockResponse[] = [];
  let fallback: MockResponse | undefined;
  for (const response of stored) {
    const compiled = compileResponse(response, maxResponseBytes, finish);
    if (!compiled) continue;
    responses.push(compiled);
    if (compiled.isDefault && !fallback) fallback = compiled;
  }
  const main = fallback ?? (record.responses?.some((r) => r.isDefault) ? undefined : responses[0]);
  if (!main) return null;
  const api: MockApi = {
    ...main,
    // The default's own object stays in the list, so a choice of it is the API itself.
    id: record.id,
    requestId: record.requestId,
    method: record.method,
    customEndpoint: record.customEndpoint,
    authToken: record.authToken,
    stopped: record.ownerBanned ? 'owner-banned' : record.disabled ? 'disabled' : null,
    ownerId: record.ownerId ?? null,
    responses,
    responseMode: record.responseMode ?? 'default',
    projectId: record.projectId ?? null,
    projectSlug: record.projectSlug ?? null,
    matchesEndpoint: record.customEndpoint ? endpointMatcher(record.customEndpoint) : null,
    rules: rulesOf(record, stored, responses),
    network: record.network ?? null,
    overrides: record.overrides !== false,
    routePath: record.routePath ?? null,
    // Set just below, once the API exists.
    byDefault: undefined as unknown as Chosen,
    routeName: record.routePath ? `${record.method} ${record.routePath}` : null,
  };
  api.byDefault = { response: api, status: api.httpCode, rule: null };
  if (responses.length === 1) api.responses = [api];
  return api;
}

/**
 * A route's rules compiled for serving: the owner's first, keeping their places (X-Mock-Rule
 * numbers them), then a rule for each served response's header condition (`when`, the AWS-style
 * routes of an import), so that one mechanism chooses; null when there are neither.
 */
function rulesOf(
  record: MockApiRecord,
  stored: readonly RouteResponse[],
  served: readonly MockResponse[],
): CompiledRules | null {
  const rules = record.rules ?? [];
  const names = new Set(served.map((response) => response.name));
  const responses = stored.filter((response) => names.has(response.name));
  if (rules.length === 0 && !responses.some((response) => response.when)) return null;
  return compileRules(rules, responses);
}

/** One response compiled: its template, its headers and, when static, its one body. */
function compileResponse(
  response: RouteResponse,
  maxResponseBytes: number | undefined,
  finish: ReturnType<typeof sampleStory> | undefined,
): MockResponse | null {
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
  };
}

/** The one body of a static template, serialised; null when it is over the size limit. */
function staticBodyOf(api: CompiledTemplate): string | null {
  try {
    return JSON.stringify(api.generate());
  } catch (error) {
    if (error instanceof ResponseTooLargeError) return null;
    throw error;
  }
}

/** A cached value, with when its read began (a tick of the cache's clock). */
interface Entry<T> {
  value: T | null;
  readAt: number;
}

/** A read under way for a key that is not cached: left unkept if the key changes meanwhile. */
interface Load<T> {
  promise: Promise<T | null>;
  missedChange: boolean;
}

/**
 * The in-process cache of compiled APIs by request id, misses included (an unknown id is
 * remembered as null, so a flood of bad ids costs one query each). Concurrent misses for one
 * id share one load. Bounded: past `maxEntries`, the oldest entries go first.
 *
 * Each read is stamped with the tick at which it began, and a key never goes back to a copy
 * read earlier than the one it holds: two announcements of one change (a node hears its own
 * through Redis too), or two changes close together, each start a read, and whichever ends
 * first is kept until a later-begun one replaces it. A read that began before a change of a
 * key this node did not hold is never kept.
 */
export function createMockCache<T = MockApi>(
  load: (requestId: string) => Promise<T | null>,
  { maxEntries = 10_000 } = {},
) {
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Load<T>>();
  let tick = 0;
  // Reads begun before the last `clear` are never kept: changes may have gone unheard.
  let clearedAt = 0;

  /** Keeps a read, unless it began before the last clear or the key holds a later-begun one. */
  const store = (requestId: string, value: T | null, readAt: number): void => {
    if (readAt < clearedAt) return;
    const held = entries.get(requestId);
    if (held !== undefined) {
      if (held.readAt <= readAt) entries.set(requestId, { value, readAt });
      return;
    }
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(requestId, { value, readAt });
  };

  return {
    /** The API with this request id, from the cache or the database; null if there is none. */
    get(requestId: string): T | null | Promise<T | null> {
      const cached = entries.get(requestId);
      if (cached !== undefined) return cached.value;
      const inFlight = loading.get(requestId);
      if (inFlight) return inFlight.promise;
      const readAt = ++tick;
      const current: Load<T> = {
        missedChange: false,
        promise: load(requestId)
          .then((value) => {
            if (!current.missedChange) store(requestId, value, readAt);
            return value;
          })
          .finally(() => {
            if (loading.get(requestId) === current) loading.delete(requestId);
          }),
      };
      loading.set(requestId, current);
      return current.promise;
    },

    /** The cached value of a key, or undefined when this node holds none now (never loads). */
    peek(requestId: string): T | null | undefined {
      return entries.get(requestId)?.value;
    },

    /**
     * Reads one request id again, after a change (created, edited, deleted). A cached copy goes
     * on answering until the new one is in, a few milliseconds later, so that no call waits on
     * the database for it (at 1,000 calls a second, each edit made a dozen of them wait); the
     * promise settles once this node serves a copy read after the change, and the node that
     * made the change answers its client after that (read your writes). A key not held is not
     * read: its next call reads it, and a first read already under way is not kept. A read that
     * fails drops the copy unless a later-begun one is in (the next call reads again).
     */
    invalidate(requestId: string): Promise<void> {
      const pending = loading.get(requestId);
      if (pending) {
        pending.missedChange = true;
        loading.delete(requestId);
      }
      if (!entries.has(requestId)) return Promise.resolve();
      const readAt = ++tick;
      return load(requestId).then(
        (value) => store(requestId, value, readAt),
        () => {
          const held = entries.get(requestId);
          if (held !== undefined && held.readAt < readAt) entries.delete(requestId);
        },
      );
    },

    /** Forgets everything (changes may have gone unheard): each next call reads the database. */
    clear(): void {
      clearedAt = ++tick;
      entries.clear();
      for (const pending of loading.values()) pending.missedChange = true;
      loading.clear();
    },

    get size() {
      return entries.size;
    },
  };
}

export type MockCache = ReturnType<typeof createMockCache<MockApi>>;

import type { Route } from '@mocksmith/core/projects';
import { type CompiledResponse, type CompiledRoute, compileRoute } from '@mocksmith/engine';
import type { MockApiRecord } from './mocks.service.ts';

/** One response of an API, compiled once: the engine's compiled response (compile.ts). */
export type MockResponse = CompiledResponse;

/** What the public endpoint needs of an API, compiled once: the engine's compiled route. */
export type MockApi = CompiledRoute;

/**
 * Compiles a stored API for serving: its row as core's Route (a stand-alone API's one response
 * made of its own fields), with what the row adds (owner, project, whether it is stopped),
 * through the engine's compileRoute, which the command-line runner compiles its routes with too.
 */
export function toMockApi(record: MockApiRecord, maxResponseBytes?: number): MockApi | null {
  const inProject = record.projectId != null;
  const route: Route = {
    id: record.id,
    requestId: record.requestId,
    method: record.method,
    path: inProject ? (record.routePath ?? null) : record.customEndpoint,
    responses:
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
          ],
    mode: record.responseMode ?? 'default',
    rules: record.rules ?? [],
    network: record.network ?? null,
    overrides: record.overrides !== false,
    authToken: record.authToken,
    request: record.request ?? null,
  };
  return compileRoute(
    route,
    {
      projectId: record.projectId ?? null,
      projectSlug: record.projectSlug ?? null,
      ownerId: record.ownerId ?? null,
      stopped: record.ownerBanned ? 'owner-banned' : record.disabled ? 'disabled' : null,
      official: record.isOfficial,
    },
    maxResponseBytes,
  );
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

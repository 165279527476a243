/**
 * The request inspector's writer and live feed. A call of a project or of a stand-alone API is
 * recorded as a capture (references and numbers, see core's inspector/capture.ts), never
 * waiting: the analytics count it at once, and, when its logging is on, it waits for the next
 * flush among its project's (or API's) newest calls, older ones of a flood overwritten; past
 * `maxQueue` waiting calls a new one is dropped and counted, so logging can never slow or stall
 * the mock URLs. Every `flushMs` the waiting calls are built into entries, masked and written in
 * one INSERT, each project and API trimmed to its newest 1,000, and the written entries (with
 * their ids) announced to the inspectors watching: on this node directly, on the others through
 * Redis (one message per flush, whatever the traffic), so a call shows up within about a second.
 * A project and an API are told apart by their ids (both random UUIDs).
 */
import { EventEmitter } from 'node:events';
import {
  type CallCapture,
  type CallOwner,
  callOf,
  maskHeaders,
  maskQuery,
  ownerIdOf,
  type ProjectCall,
} from '@mocksmith/core/inspector';
import type { Redis } from 'ioredis';
import type { InspectorRepository } from './inspector.repository.ts';

/** One call as the inspector keeps it (see db/schema/request-log.ts). */
export type RequestEntry = ProjectCall;

/** The newest calls of a project or API waiting for a flush, the oldest at `next` once full. */
interface Ring {
  calls: CallCapture[];
  next: number;
}

/** An entry once written: its id. */
export type LoggedRequest = RequestEntry & { id: number };

export interface RequestLogOptions {
  repository: InspectorRepository;
  redis?: Redis;
  /** Entries waiting at most; past it, new ones are dropped and counted. */
  maxQueue?: number;
  flushMs?: number;
  /** The newest entries each project and API keeps. */
  keep?: number;
  onError?: (error: unknown) => void;
  /** Told, at most once a minute, how many entries were dropped since it was last told. */
  onDropped?: (count: number) => void;
  /** Each call as it is recorded, stored or not (the analytics count it in place). */
  onCall?: (call: CallCapture) => void;
  /** At each flush, before the calls are stored (the analytics write what they counted). */
  onFlush?: () => Promise<void>;
}

const CHANNEL = 'mocksmith:inspector';
/** PostgreSQL's code for a row whose foreign key names no row. */
const FOREIGN_KEY_VIOLATION = '23503';
const WATCH_KEY = 'mocksmith:inspector:watching:';
const WATCH_TTL_MS = 30_000;
const WATCH_CHECK_MS = 3_000;
/**
 * The newest calls of a project (or API) each flush stores: every call up to 400 a second per
 * project and node (four flushes a second), the newest 100 of each quarter second beyond, so
 * that a flood costs the database a bounded write (on one machine it shares the core that
 * answers) while the inspector still shows the flood's newest calls. At 250 a flush the bench's
 * collection record had a p99 of 13-17 ms (6.8-7.1 ms at 100) with PostgreSQL on the server's
 * core.
 */
const STORED_PER_FLUSH = 100;
/** The newest calls of a project (or API) each flush shows live: what a person can follow. */
const LIVE_PER_FLUSH = 100;

/** The newest `count` entries of each project and API, in their order (what a flush shows live). */
function newestOf<T extends CallOwner>(entries: readonly T[], count: number): T[] {
  const seen = new Map<string, number>();
  const kept: T[] = [];
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index] as T;
    const owner = ownerIdOf(entry);
    const taken = seen.get(owner) ?? 0;
    if (taken >= count) continue;
    seen.set(owner, taken + 1);
    kept.push(entry);
  }
  return kept.reverse();
}

/** The projects and the stand-alone APIs a batch has calls of, each once. */
function ownersOf(entries: readonly CallOwner[]): { projects: string[]; apis: string[] } {
  const projects = new Set<string>();
  const apis = new Set<string>();
  for (const entry of entries) {
    if (entry.projectId !== null) projects.add(entry.projectId);
    else apis.add(entry.apiId);
  }
  return { projects: [...projects], apis: [...apis] };
}

export function createRequestLog({
  repository,
  redis,
  maxQueue = 10_000,
  flushMs = 250,
  keep = 1_000,
  onError = () => {},
  onDropped = () => {},
  onCall,
  onFlush,
}: RequestLogOptions) {
  // This log, so that a node skips its own announcements coming back through Redis.
  const NODE = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // The calls waiting for the next flush, by project or API: each its newest `perFlush` in a
  // ring, the older ones of a flood overwritten (never built into entries, never retained).
  const perFlush = Math.min(keep, STORED_PER_FLUSH);
  let waiting = new Map<string, Ring>();
  let waitingCount = 0;
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  const live = new EventEmitter();
  live.setMaxListeners(0);

  const announce = (entries: LoggedRequest[]) => {
    for (const entry of entries) live.emit(ownerIdOf(entry), entry);
  };

  // The other nodes' entries, through Redis; a subscribed connection can do nothing else.
  const subscriber = redis?.duplicate();
  if (subscriber) {
    subscriber.on('error', () => {});
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        const { node, entries } = JSON.parse(text) as { node: string; entries: LoggedRequest[] };
        if (node === NODE) return;
        announce(entries.map((entry) => ({ ...entry, at: new Date(entry.at) })));
      } catch {
        // A message of another version: ignored.
      }
    });
    void subscriber.subscribe(CHANNEL).catch(() => {});
  }

  const flush = (): Promise<void> => {
    writing = writing.then(async () => {
      if (onFlush) await onFlush().catch(onError);
      if (waitingCount === 0) return;
      const taken = waiting;
      waiting = new Map();
      waitingCount = 0;
      const batch: RequestEntry[] = [];
      for (const ring of taken.values()) {
        for (let index = 0; index < ring.calls.length; index++) {
          const capture = ring.calls[(ring.next + index) % ring.calls.length] as CallCapture;
          // Built and masked here, for the calls stored: never a secret in the table or a feed.
          const { masked: _masked, ...entry } = callOf(capture);
          batch.push({
            ...entry,
            headers: maskHeaders(entry.headers),
            query: maskQuery(entry.query),
          });
        }
      }
      try {
        const written = await insertKept(batch);
        await repository.trim(ownersOf(batch), keep);
        // Live: what a person can follow, for the projects and APIs someone watches (anywhere).
        const shown = newestOf(written, LIVE_PER_FLUSH) as LoggedRequest[];
        announce(shown);
        if (redis && redis.status === 'ready') {
          const watched = await watchedAnywhere(shown);
          if (watched.length > 0) {
            await redis
              .publish(CHANNEL, JSON.stringify({ node: NODE, entries: watched }))
              .catch(() => {});
          }
        }
      } catch (error) {
        // The batch is lost (logged), never retried into an unbounded queue.
        dropped += batch.length;
        onError(error);
      }
    });
    return writing;
  };

  /**
   * Writes a batch; when a project or API of it was deleted since its calls were made (its
   * foreign key refuses the whole INSERT), writes the calls of those that remain.
   */
  const insertKept = async (batch: RequestEntry[]): Promise<LoggedRequest[]> => {
    try {
      return await repository.insertBatch(batch);
    } catch (error) {
      if ((error as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION) throw error;
      const remaining = await repository.existingOwners(ownersOf(batch));
      const kept = batch.filter((entry) => remaining.has(ownerIdOf(entry)));
      dropped += batch.length - kept.length;
      return kept.length === 0 ? [] : repository.insertBatch(kept);
    }
  };

  // Which projects and APIs an inspector watches on any node: a key in Redis each watching node
  // renews, read at most every few seconds per owner, so a flush publishes nothing nobody watches.
  const watchedUntil = new Map<string, { checked: number; watched: boolean }>();
  const watchedAnywhere = async (entries: LoggedRequest[]): Promise<LoggedRequest[]> => {
    const now = Date.now();
    const owners = [...new Set(entries.map(ownerIdOf))];
    const watched = new Set<string>();
    for (const owner of owners) {
      const known = watchedUntil.get(owner);
      if (known && now - known.checked < WATCH_CHECK_MS) {
        if (known.watched) watched.add(owner);
        continue;
      }
      const found = (await redis?.exists(`${WATCH_KEY}${owner}`).catch(() => 1)) !== 0;
      if (watchedUntil.size > 10_000) watchedUntil.clear();
      watchedUntil.set(owner, { checked: now, watched: found });
      if (found) watched.add(owner);
    }
    return entries.filter((entry) => watched.has(ownerIdOf(entry)));
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  // Drops are said, never silent: once a minute when there were any.
  let told = 0;
  const tell = setInterval(() => {
    if (dropped > told) onDropped(dropped - told);
    told = dropped;
  }, 60_000);
  tell.unref();

  return {
    /**
     * Counts a call and keeps it for the next flush if its logging is on (its project's or
     * API's newest `perFlush` are kept); drops it (counted) when `maxQueue` calls wait already.
     * Never waits.
     */
    record(call: CallCapture): void {
      onCall?.(call);
      if (!call.stored) return;
      const owner = ownerIdOf(call);
      let ring = waiting.get(owner);
      if (ring !== undefined && ring.calls.length === perFlush) {
        ring.calls[ring.next] = call;
        ring.next = (ring.next + 1) % perFlush;
        return;
      }
      if (waitingCount >= maxQueue) {
        dropped++;
        return;
      }
      if (ring === undefined) {
        ring = { calls: [], next: 0 };
        waiting.set(owner, ring);
      }
      ring.calls.push(call);
      waitingCount++;
    },

    /** Writes what waits now (the verification API reads after it). */
    flush,

    /** Entries dropped since the start (a full queue, or a failed write). */
    dropped: () => dropped,

    /**
     * Calls `listener` with each entry of the project or stand-alone API (`ownerId`, either's
     * id) written on any node (the newest LIVE_PER_FLUSH of each flush); the unsubscribe. While
     * it listens, the other nodes know.
     */
    watch(ownerId: string, listener: (entry: LoggedRequest) => void): () => void {
      live.on(ownerId, listener);
      const mark = () => {
        void redis?.set(`${WATCH_KEY}${ownerId}`, '1', 'PX', WATCH_TTL_MS).catch(() => {});
      };
      mark();
      const renew = setInterval(mark, WATCH_TTL_MS / 3);
      renew.unref();
      return () => {
        clearInterval(renew);
        live.off(ownerId, listener);
      };
    },

    async close(): Promise<void> {
      clearInterval(timer);
      clearInterval(tell);
      await flush();
      if (dropped > told) onDropped(dropped - told);
      subscriber?.disconnect();
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;

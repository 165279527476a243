/**
 * The request inspector's writer and live feed. A call of a project or of a stand-alone API is
 * recorded as a capture (references and numbers, see core's inspector/capture.ts), never
 * waiting: the analytics count it at once, and, when its logging is on, it waits in its
 * project's (or API's) queue of unwritten calls, which holds the newest `keep`, the log's whole
 * window: past them, the oldest unwritten goes, as it would leave the window once written anyway.
 * Every `flushMs` each queue's oldest `rowsPerFlush` calls are built into entries, masked and
 * written in one INSERT, each project and API trimmed to its newest 1,000, and the written
 * entries (with their ids) announced to the inspectors watching: on this node directly, on the
 * others through Redis (one message per flush, whatever the traffic), so a call shows up within
 * about a second. So a flood costs the database a bounded, even write (400 rows a second per
 * project at the defaults), and the rows go in the calls' order. The verification API has every
 * node write all it holds first (`flush({ all: true })`): the window is then exact at any pace,
 * since what a queue lost was older than the newest `keep`. Past `maxQueue` waiting calls or
 * `maxQueueBytes` of their bodies, a new call is dropped; a batch that cannot be written is
 * dropped too. A drop is never silent: it is counted per project (or API) in the database, and
 * every answer of the verification API says how many calls its log misses. A project and an API
 * are told apart by their ids (both random UUIDs).
 */
import { EventEmitter } from 'node:events';
import {
  type CallCapture,
  type CallOwner,
  callOf,
  type LoggedCall,
  maskHeaders,
  maskQuery,
  type NewLoggedCall,
  ownerIdOf,
} from '@mocksmith/core/inspector';
import type { Redis } from 'ioredis';
import type { InspectorRepository } from './inspector.repository.ts';

/**
 * A project's (or API's) unwritten calls, oldest first, at most `keep`: a circular queue from
 * `start`, grown as it fills (most hold a few calls).
 */
interface Queue {
  owner: CallOwner;
  calls: (CallCapture | undefined)[];
  /** The estimated bytes each call holds (its body's mostly), in the places of `calls`. */
  sizes: number[];
  start: number;
  length: number;
  bytes: number;
  /** Calls that left the queue unwritten (a flood's), since the last flush: not shown live. */
  passed: number;
}

export interface RequestLogOptions {
  repository: InspectorRepository;
  redis?: Redis;
  /** Calls waiting at most (all projects and APIs); past it, new ones are dropped and counted. */
  maxQueue?: number;
  /** Estimated bytes of the waiting calls at most (their bodies); past it, the same. */
  maxQueueBytes?: number;
  flushMs?: number;
  /** The newest entries each project and API keeps. */
  keep?: number;
  /** A project's (or API's) oldest waiting calls each flush writes (all of them with `all`). */
  rowsPerFlush?: number;
  /**
   * Tells every node that someone started watching this project or API live, settling once
   * they know (so that the watcher sees the calls answered anywhere from then on).
   */
  announceWatch?: (ownerId: string) => Promise<void>;
  /** Told what went wrong (an error's name, code and message only: never a call's content). */
  onError?: (error: LogError) => void;
  /** Told, at most once a minute, how many entries were dropped since it was last told. */
  onDropped?: (count: number) => void;
  /** Each call as it is recorded, stored or not (the analytics count it in place). */
  onCall?: (call: CallCapture) => void;
  /** At each flush, before the calls are stored (the analytics write what they counted). */
  onFlush?: () => Promise<void>;
}

/** A failure of the log as it is reported: never the calls' content (a body may hold secrets). */
export interface LogError {
  name: string;
  code?: string;
  message: string;
}

/** What a live feed hears: each call shown, and how many of a flood's were not. */
export interface LiveListener {
  entry(entry: LoggedCall): void;
  unshown(count: number): void;
}

/** A live feed's handle: `ready` once every node knows of it; `stop` ends it. */
export interface LiveWatch {
  ready: Promise<void>;
  stop(): void;
}

/** The bus key that asks every node to write its waiting calls (the verification API's reads). */
export const WRITE_EVERYWHERE_KEY = 'inspector:write';
/** The bus keys that say someone watches a project or API live: this, then its id. */
export const WATCH_KEY_PREFIX = 'inspector:watch:';

/** Whether a key of the bus is one of the inspector's (`RequestLog.hear` takes it in). */
export function isInspectorKey(key: string | null): key is string {
  return key === WRITE_EVERYWHERE_KEY || (key?.startsWith(WATCH_KEY_PREFIX) ?? false);
}

/** The Redis channel on which each node publishes the calls someone watches live. */
export const LIVE_CHANNEL = 'mocksmith:inspector';
/** PostgreSQL's code for a row whose foreign key names no row. */
const FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL's class of data exceptions (a value no column can hold): one row's fault. */
const DATA_EXCEPTION = '22';
/** The Redis key, then a project's or API's id, that says someone watches it live. */
export const WATCH_KEY = 'mocksmith:inspector:watching:';
const WATCH_TTL_MS = 30_000;
const WATCH_CHECK_MS = 3_000;
/** The newest calls of a project (or API) each flush shows live: what a person can follow. */
const LIVE_PER_FLUSH = 100;
/** What a capture holds besides its body (its headers object, URL and numbers), estimated. */
const CAPTURE_BYTES = 1_024;
/** A body's bytes held as parsed JSON or chunks, estimated: JavaScript values take more room. */
const BODY_WEIGHT = 4;
/** The most of a body a capture holds (a project's JSON bodies are kept up to 64 KiB). */
const HELD_BODY_BYTES = 64 * 1024;
/** Owners whose drops wait to be written at most (the database away for long). */
const MAX_PENDING_DROPS = 10_000;

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

/**
 * How many of each owner's calls a flush does not show live: those written but past what a
 * person can follow, and `passed`, those a flood let go unwritten.
 */
function unshownOf(
  written: readonly CallOwner[],
  shown: readonly CallOwner[],
  passed: Record<string, number>,
) {
  const counts: Record<string, number> = { ...passed };
  for (const entry of written) {
    const owner = ownerIdOf(entry);
    counts[owner] = (counts[owner] ?? 0) + 1;
  }
  for (const entry of shown) (counts[ownerIdOf(entry)] as number)--;
  for (const owner of Object.keys(counts)) if (counts[owner] === 0) delete counts[owner];
  return counts;
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

/** The bytes a waiting call holds, estimated from its body's length (its headers' or chunks'). */
function sizeOf(call: CallCapture): number {
  const length = call.headers['content-length'];
  let body = typeof length === 'string' ? Number(length) || 0 : 0;
  if (body === 0 && call.raw !== null) for (const chunk of call.raw) body += chunk.length;
  return CAPTURE_BYTES + BODY_WEIGHT * Math.min(body, HELD_BODY_BYTES);
}

/** Lone surrogates (a body cut inside a character pair) and NUL: text PostgreSQL refuses. */
const UNSTORABLE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\0/g;

/** Text as PostgreSQL's `text` takes it: what it refuses becomes U+FFFD. */
function storable(text: string | null): string | null {
  return text === null ? null : text.replace(UNSTORABLE, '\ufffd');
}

/** An error as the log reports it: its name, code and message, never its details. */
export function logErrorOf(error: unknown): LogError {
  const { name, code, message } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
  };
  return {
    name: typeof name === 'string' ? name : 'Error',
    ...(typeof code === 'string' ? { code } : {}),
    // PostgreSQL's `detail` and `where` can quote the rows; its message names the problem.
    message: typeof message === 'string' ? message.slice(0, 200) : String(error).slice(0, 200),
  };
}

export function createRequestLog({
  repository,
  redis,
  maxQueue = 50_000,
  maxQueueBytes = 64 * 1024 * 1024,
  flushMs = 250,
  keep = 1_000,
  rowsPerFlush = 100,
  announceWatch,
  onError = () => {},
  onDropped = () => {},
  onCall,
  onFlush,
}: RequestLogOptions) {
  // This log, so that a node skips its own announcements coming back through Redis.
  const NODE = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // The calls waiting for a flush, by project or API: each its newest `keep` in a queue, the
  // older ones of a flood let go (never built into entries, never retained).
  const waiting = new Map<string, Queue>();
  let waitingCount = 0;
  let waitingBytes = 0;
  let dropped = 0;
  // Drops not yet written to the database, by project or API.
  const drops = new Map<string, { owner: CallOwner; count: number }>();
  let writing: Promise<void> = Promise.resolve();
  let writeSoon = false;
  const live = new EventEmitter();
  live.setMaxListeners(0);
  const report = (error: unknown) => onError(logErrorOf(error));

  const drop = (owner: CallOwner, count: number) => {
    if (count <= 0) return;
    dropped += count;
    const id = ownerIdOf(owner);
    const known = drops.get(id);
    if (known) known.count += count;
    else if (drops.size < MAX_PENDING_DROPS) {
      // Its ids only: an entry or capture would hold its body until the drop is written.
      const ids: CallOwner =
        owner.projectId !== null
          ? { projectId: owner.projectId, apiId: null }
          : { projectId: null, apiId: owner.apiId };
      drops.set(id, { owner: ids, count });
    }
  };

  /** Shows entries live, and tells the watchers how many of each owner's were not shown. */
  const announce = (entries: LoggedCall[], unshown: Record<string, number> = {}) => {
    for (const [owner, count] of Object.entries(unshown)) live.emit(owner, count);
    for (const entry of entries) live.emit(ownerIdOf(entry), entry);
  };

  // The other nodes' entries, through Redis; a subscribed connection can do nothing else. It
  // subscribes again by itself on every connection: ioredis' own resubscription leaves its
  // promise unhandled, and a close during it would reject with no one to hear.
  const subscriber = redis?.duplicate({ autoResubscribe: false });
  if (subscriber) {
    subscriber.on('error', () => {});
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        const { node, entries, unshown } = JSON.parse(text) as {
          node: string;
          entries: LoggedCall[];
          unshown?: Record<string, number>;
        };
        if (node === NODE) return;
        announce(
          entries.map((entry) => ({ ...entry, at: new Date(entry.at) })),
          unshown,
        );
      } catch {
        // A message of another version: ignored.
      }
    });
    const subscribe = () => void subscriber.subscribe(LIVE_CHANNEL).catch(() => {});
    subscriber.on('ready', subscribe);
    subscribe();
  }

  /** The oldest `count` calls of a queue, taken out of it (and of the budgets). */
  const takeOldest = (queue: Queue, count: number): CallCapture[] => {
    const taken: CallCapture[] = [];
    const capacity = queue.calls.length;
    for (let index = 0; index < count; index++) {
      const at = (queue.start + index) % capacity;
      taken.push(queue.calls[at] as CallCapture);
      queue.bytes -= queue.sizes[at] as number;
      waitingBytes -= queue.sizes[at] as number;
      queue.calls[at] = undefined;
    }
    if (capacity > 0) queue.start = (queue.start + count) % capacity;
    queue.length -= count;
    waitingCount -= count;
    return taken;
  };

  /** Calls built into entries and masked, in their order; a call that cannot be is dropped. */
  const entriesOf = (owner: CallOwner, calls: readonly CallCapture[], into: NewLoggedCall[]) => {
    for (const capture of calls) {
      try {
        // Built and masked here, for the calls stored: never a secret in the table or a feed.
        const { masked: _masked, ...entry } = callOf(capture);
        into.push({
          ...entry,
          headers: maskHeaders(entry.headers),
          query: maskQuery(entry.query),
          body: storable(entry.body),
        });
      } catch (error) {
        // A body too deep to mask, say: this call alone is lost.
        drop(owner, 1);
        report(error);
      }
    }
  };

  const writeOnce = async (all: boolean) => {
    if (onFlush) await onFlush().catch(report);
    const batch: NewLoggedCall[] = [];
    const passed: Record<string, number> = {};
    for (const [id, queue] of waiting) {
      if (queue.passed > 0) passed[id] = queue.passed;
      queue.passed = 0;
      const count = all ? queue.length : Math.min(queue.length, rowsPerFlush);
      entriesOf(queue.owner, takeOldest(queue, count), batch);
      if (queue.length === 0) waiting.delete(id);
    }
    let written: LoggedCall[] = [];
    if (batch.length > 0) {
      try {
        written = await insertKept(batch);
      } catch (error) {
        // The batch is lost (counted), never retried into an unbounded queue.
        for (const entry of batch) drop(entry, 1);
        report(error);
      }
    }
    if (written.length > 0) {
      try {
        await repository.trim(ownersOf(written), keep);
        // Live: what a person can follow, for the projects and APIs someone watches (anywhere);
        // the others of a flood are counted, so that a watcher knows what it was not shown.
        const shown = newestOf(written, LIVE_PER_FLUSH) as LoggedCall[];
        const unshown = unshownOf(written, shown, passed);
        announce(shown, unshown);
        if (redis && redis.status === 'ready') {
          const watched = await watchedAnywhere(shown);
          if (watched.length > 0) {
            const owners = new Set(watched.map(ownerIdOf));
            await redis
              .publish(
                LIVE_CHANNEL,
                JSON.stringify({
                  node: NODE,
                  entries: watched,
                  unshown: Object.fromEntries(
                    Object.entries(unshown).filter(([owner]) => owners.has(owner)),
                  ),
                }),
              )
              .catch(() => {});
          }
        }
      } catch (error) {
        // Written all the same; the next flush trims.
        report(error);
      }
    }
    if (drops.size > 0) await writeDrops();
  };

  /** Writes the drops counted so far; those that cannot be written wait for the next flush. */
  const writeDrops = async () => {
    const counted = [...drops].map(([id, { owner, count }]) => ({ id, owner, count }));
    try {
      await repository.addDrops(counted.map(({ owner, count }) => ({ ...owner, count })));
    } catch (error) {
      report(error);
      return;
    }
    for (const { id, count } of counted) {
      const held = drops.get(id);
      if (held === undefined) continue;
      // Drops counted while this was written stay for the next flush.
      held.count -= count;
      if (held.count <= 0) drops.delete(id);
    }
  };

  /**
   * Writes each queue's oldest `rowsPerFlush` calls (all of them with `all`); settles once they
   * are in, never rejects (a failure is reported and its calls counted as dropped).
   */
  const flush = ({ all = false }: { all?: boolean } = {}): Promise<void> => {
    writing = writing.then(() => writeOnce(all)).catch(report);
    return writing;
  };

  /**
   * Writes a batch; when a project or API of it was deleted since its calls were made (its
   * foreign key refuses the whole INSERT), writes the calls of those that remain; when one
   * row holds a value the table refuses, writes the others (halves, then halves of the half
   * that fails), so that one call never costs the others theirs.
   */
  const insertKept = async (batch: NewLoggedCall[]): Promise<LoggedCall[]> => {
    try {
      return await repository.insertBatch(batch);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === FOREIGN_KEY_VIOLATION) {
        const remaining = await repository.existingOwners(ownersOf(batch));
        const kept = batch.filter((entry) => remaining.has(ownerIdOf(entry)));
        // Their projects and APIs are gone, and with them any count of their drops.
        dropped += batch.length - kept.length;
        return kept.length === 0 ? [] : insertKept(kept);
      }
      if (typeof code !== 'string' || !code.startsWith(DATA_EXCEPTION)) throw error;
      if (batch.length === 1) {
        drop(batch[0] as NewLoggedCall, 1);
        report(error);
        return [];
      }
      const half = Math.ceil(batch.length / 2);
      return [
        ...(await insertKept(batch.slice(0, half))),
        ...(await insertKept(batch.slice(half))),
      ];
    }
  };

  // Which projects and APIs an inspector watches on any node: a key in Redis each watching node
  // renews, read at most every few seconds per owner, so a flush publishes nothing nobody
  // watches; a new watch is announced to every node at once (`hear`).
  const watchedUntil = new Map<string, { checked: number; watched: boolean }>();
  // The watches of this node, each set again as soon as Redis is back: one restarted without
  // its data would otherwise hide their calls from the other nodes until the next renewal.
  const watchRenewals = new Set<() => void>();
  const renewWatches = () => {
    for (const renewOnce of watchRenewals) renewOnce();
  };
  redis?.on('ready', renewWatches);
  const watchedAnywhere = async (entries: LoggedCall[]): Promise<LoggedCall[]> => {
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

  /** Makes room in a full queue (short of `keep`): twice its places, its calls from the first. */
  const grow = (queue: Queue) => {
    const capacity = Math.min(keep, Math.max(16, queue.calls.length * 2));
    const calls: (CallCapture | undefined)[] = new Array(capacity);
    const sizes: number[] = new Array(capacity).fill(0);
    for (let index = 0; index < queue.length; index++) {
      const at = (queue.start + index) % queue.calls.length;
      calls[index] = queue.calls[at];
      sizes[index] = queue.sizes[at] as number;
    }
    queue.calls = calls;
    queue.sizes = sizes;
    queue.start = 0;
  };

  /** Past half of a budget, everything is written at once rather than at a flood's pace. */
  const pressed = () => {
    if (writeSoon) return;
    writeSoon = true;
    void flush({ all: true }).finally(() => {
      writeSoon = false;
    });
  };

  return {
    /**
     * Counts a call and keeps it for a flush if its logging is on (its project's or API's
     * newest `keep` unwritten are kept); drops it (counted) past `maxQueue` calls or
     * `maxQueueBytes`. Never waits.
     */
    record(call: CallCapture): void {
      onCall?.(call);
      if (!call.stored) return;
      const id = ownerIdOf(call);
      const size = sizeOf(call);
      let queue = waiting.get(id);
      if (queue !== undefined && queue.length === keep) {
        // Full: the oldest unwritten call goes, older than the window's newest `keep`.
        const at = queue.start;
        const replaced = queue.sizes[at] as number;
        if (waitingBytes - replaced + size > maxQueueBytes) {
          drop(call, 1);
          return;
        }
        queue.calls[at] = call;
        queue.sizes[at] = size;
        queue.bytes += size - replaced;
        waitingBytes += size - replaced;
        queue.start = (at + 1) % keep;
        queue.passed++;
        return;
      }
      if (waitingCount >= maxQueue || waitingBytes + size > maxQueueBytes) {
        drop(call, 1);
        return;
      }
      if (queue === undefined) {
        queue = { owner: call, calls: [], sizes: [], start: 0, length: 0, bytes: 0, passed: 0 };
        waiting.set(id, queue);
      }
      if (queue.length === queue.calls.length) grow(queue);
      const at = (queue.start + queue.length) % queue.calls.length;
      queue.calls[at] = call;
      queue.sizes[at] = size;
      queue.length++;
      queue.bytes += size;
      waitingCount++;
      waitingBytes += size;
      if (waitingCount * 2 > maxQueue || waitingBytes * 2 > maxQueueBytes) pressed();
    },

    flush,

    /** Entries dropped since the start (a full queue, or a failed write). */
    dropped: () => dropped,

    /**
     * Tells `listener` each entry of the project or stand-alone API (`ownerId`, either's id)
     * written on any node (the newest LIVE_PER_FLUSH of each flush), and how many of a flush it
     * was not shown. While it listens, the other nodes know; `ready` settles once they do (the
     * Redis key set, every node told).
     */
    watch(ownerId: string, listener: LiveListener): LiveWatch {
      const hear = (heard: LoggedCall | number) => {
        if (typeof heard === 'number') listener.unshown(heard);
        else listener.entry(heard);
      };
      live.on(ownerId, hear);
      const mark = () => redis?.set(`${WATCH_KEY}${ownerId}`, '1', 'PX', WATCH_TTL_MS);
      const ready = Promise.all([
        Promise.resolve(mark()).catch(() => {}),
        announceWatch?.(ownerId),
      ]).then(() => {});
      const renewOnce = () => void Promise.resolve(mark()).catch(() => {});
      const renew = setInterval(renewOnce, WATCH_TTL_MS / 3);
      renew.unref();
      watchRenewals.add(renewOnce);
      return {
        ready,
        stop() {
          clearInterval(renew);
          watchRenewals.delete(renewOnce);
          live.off(ownerId, hear);
        },
      };
    },

    /**
     * Takes in one of the inspector's keys of the bus (isInspectorKey): write what this node
     * holds (the verification API's reads), or someone watches this project or API live on
     * some node (its calls are published).
     */
    async hear(key: string): Promise<void> {
      if (key === WRITE_EVERYWHERE_KEY) await flush({ all: true });
      else if (key.startsWith(WATCH_KEY_PREFIX)) {
        watchedUntil.set(key.slice(WATCH_KEY_PREFIX.length), {
          checked: Date.now(),
          watched: true,
        });
      }
    },

    async close(): Promise<void> {
      clearInterval(timer);
      clearInterval(tell);
      await flush({ all: true });
      if (dropped > told) onDropped(dropped - told);
      redis?.off('ready', renewWatches);
      subscriber?.disconnect();
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;

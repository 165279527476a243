/**
 * The request inspector's writer and live feed. A call of a project adds its entry (already
 * masked) to a bounded queue in the process, never waiting: past `maxQueue` entries it is dropped
 * and counted, so logging can never slow or stall the mock URLs. Every `flushMs` the queue is
 * written in one INSERT, each project trimmed to its newest 1,000, and the written entries (with
 * their ids) announced to the inspectors watching: on this node directly, on the others through
 * Redis (one message per flush, whatever the traffic), so a call shows up within about a second.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { InspectorRepository } from './inspector.repository.ts';

/** One call as the inspector keeps it (see db/schema/request-log.ts). */
export interface RequestEntry {
  projectId: string;
  at: Date;
  method: string;
  path: string;
  route: string | null;
  query: string;
  headers: Record<string, string>;
  body: string | null;
  bodyTruncated: boolean;
  status: number;
  response: string | null;
  rule: number | null;
  latencyMs: number;
  delayMs: number;
  fault: string | null;
  session: string | null;
  client: string;
  /** False when the project's logging is off: counted by the analytics, never stored. */
  stored?: boolean;
}

/** An entry once written: its id. */
export type LoggedRequest = RequestEntry & { id: number };

export interface RequestLogOptions {
  repository: InspectorRepository;
  redis?: Redis;
  /** Entries waiting at most; past it, new ones are dropped and counted. */
  maxQueue?: number;
  flushMs?: number;
  /** The newest entries each project keeps. */
  keep?: number;
  onError?: (error: unknown) => void;
  /** Told, at most once a minute, how many entries were dropped since it was last told. */
  onDropped?: (count: number) => void;
  /** Each batch taken from the queue, stored or not (the analytics' roll-ups). */
  onBatch?: (entries: readonly RequestEntry[]) => Promise<void>;
}

const CHANNEL = 'mocksmith:inspector';

export function createRequestLog({
  repository,
  redis,
  maxQueue = 10_000,
  flushMs = 250,
  keep = 1_000,
  onError = () => {},
  onDropped = () => {},
  onBatch,
}: RequestLogOptions) {
  let queue: RequestEntry[] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  const live = new EventEmitter();
  live.setMaxListeners(0);

  const announce = (entries: LoggedRequest[]) => {
    for (const entry of entries) live.emit(entry.projectId, entry);
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
      if (queue.length === 0) return;
      const taken = queue;
      queue = [];
      if (onBatch) await onBatch(taken).catch(onError);
      const batch = taken.filter((entry) => entry.stored !== false);
      if (batch.length === 0) return;
      try {
        const written = await repository.insertBatch(
          batch.map(({ stored: _stored, ...entry }) => entry),
        );
        await repository.trim([...new Set(batch.map((entry) => entry.projectId))], keep);
        announce(written);
        if (redis && redis.status === 'ready') {
          await redis
            .publish(CHANNEL, JSON.stringify({ node: NODE, entries: written }))
            .catch(() => {});
        }
      } catch (error) {
        // The batch is lost (logged), never retried into an unbounded queue.
        dropped += batch.length;
        onError(error);
      }
    });
    return writing;
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
    /** Adds a call's entry; drops it (counted) when `maxQueue` wait already. Never waits. */
    record(entry: RequestEntry): void {
      if (queue.length >= maxQueue) {
        dropped++;
        return;
      }
      queue.push(entry);
    },

    /** Writes what waits now (the verification API reads after it). */
    flush,

    /** Entries dropped since the start (a full queue, or a failed write). */
    dropped: () => dropped,

    /** Calls `listener` with each entry of the project written on any node; the unsubscribe. */
    watch(projectId: string, listener: (entry: LoggedRequest) => void): () => void {
      live.on(projectId, listener);
      return () => live.off(projectId, listener);
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

/** This process, so that a node skips its own announcements coming back through Redis. */
const NODE = `${process.pid}-${Math.random().toString(36).slice(2)}`;

import { randomUUID } from 'node:crypto';

/**
 * Counts answered calls in memory and writes them in one statement at least once a second, so
 * that a busy endpoint costs one UPDATE per second rather than one per call.
 */
export interface UsageCounter {
  /** Counts one answered call of the template with this id. */
  add(templateId: string): void;
  /** Writes what is pending now. Counts that fail to write are kept for the next flush. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
}

export function createUsageCounter(
  write: (counts: ReadonlyMap<string, number>) => Promise<void>,
  { intervalMs = 1000, onError = (_error: unknown) => {} } = {},
): UsageCounter {
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function flushOnce(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await write(batch);
    } catch (error) {
      for (const [id, amount] of batch) pending.set(id, (pending.get(id) ?? 0) + amount);
      onError(error);
    }
  }

  // One flush at a time: the next waits for the one in flight.
  const flush = () => {
    flushing = flushing.then(flushOnce);
    return flushing;
  };

  const timer = setInterval(flush, intervalMs);
  timer.unref();

  return {
    add(templateId) {
      pending.set(templateId, (pending.get(templateId) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** What the shared counter needs of Redis (ioredis' calls). */
export interface CountingRedis {
  readonly status: string;
  hincrby(key: string, field: string, increment: number): Promise<number>;
  hgetall(key: string): Promise<Record<string, string>>;
  zrangebyscore(key: string, min: number | string, max: number | string): Promise<string[]>;
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
  zrem(key: string, ...members: string[]): Promise<number>;
}

export interface SharedUsageOptions {
  /** Tells apart the databases sharing one Redis (see counterKeys). */
  namespace?: string;
  intervalMs?: number;
  /** How old a batch taken by a node must be before another node finishes it (the first died). */
  staleMs?: number;
  onError?: (error: unknown) => void;
  /** Called once when Redis fails and counting falls back to memory, and when it is back. */
  onFallback?: (fallingBack: boolean) => void;
}

/**
 * The counter's keys. `namespace` tells apart the deployments (databases) that share one Redis:
 * a batch is only ever applied to the database whose calls it counts. One hash tag, so that every
 * key of a counter lives on one Redis Cluster node.
 */
export function counterKeys(namespace: string) {
  const prefix = `mocksmith:{calls:${namespace}}`;
  return {
    pending: `${prefix}:pending`,
    batches: `${prefix}:batches`,
    batch: (id: string) => `${prefix}:batch:${id}`,
  };
}

/** Moves the pending counts to a batch of their own and lists it, at once: calls counted after it go to a new pending hash. */
const TAKE_BATCH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
redis.call('ZADD', KEYS[3], ARGV[1], KEYS[2])
return 1`;

/**
 * Counts every answered call in Redis (one HINCRBY, written before the answer), so that a node
 * killed at any moment loses no call it answered: the counts live outside the process. Once a
 * second some node moves the pending counts into a batch, adds the batch to PostgreSQL in one
 * statement that also records the batch's id (so a batch is added once, however often it is
 * retried), then deletes it. A batch left behind by a node that died half-way is finished by
 * any node after `staleMs`. While Redis cannot be reached, calls are counted in memory and
 * written straight to PostgreSQL, as on a single node.
 */
export function createSharedUsageCounter(
  redis: CountingRedis,
  {
    applyBatch,
    writeDirect,
  }: {
    /** Adds a batch's counts unless a batch with this id was added before. */
    applyBatch(batchId: string, counts: ReadonlyMap<string, number>): Promise<void>;
    /** Adds counts kept in memory while Redis was away. */
    writeDirect(counts: ReadonlyMap<string, number>): Promise<void>;
  },
  {
    namespace = 'default',
    intervalMs = 1000,
    staleMs = 10_000,
    onError = () => {},
    onFallback,
  }: SharedUsageOptions = {},
): UsageCounter {
  const { pending: PENDING, batches: BATCHES, batch: batchKey } = counterKeys(namespace);
  const local = createUsageCounter(writeDirect, { intervalMs, onError });
  let fallingBack = false;
  const fallBack = (templateId: string) => {
    local.add(templateId);
    if (!fallingBack) {
      fallingBack = true;
      onFallback?.(true);
    }
  };
  // Batches this node took and could not finish yet: retried at each flush, not only when stale.
  const unfinished = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();

  async function finish(key: string): Promise<void> {
    const raw = await redis.hgetall(key);
    const counts = new Map<string, number>();
    for (const [id, amount] of Object.entries(raw)) counts.set(id, Number(amount));
    if (counts.size > 0) await applyBatch(key, counts);
    await redis.del(key);
    await redis.zrem(BATCHES, key);
    unfinished.delete(key);
  }

  async function flushOnce(): Promise<void> {
    await local.flush();
    if (redis.status !== 'ready') return;
    try {
      const key = batchKey(randomUUID());
      if (await redis.eval(TAKE_BATCH, 3, PENDING, key, BATCHES, Date.now())) unfinished.add(key);
      const stale = await redis.zrangebyscore(BATCHES, '-inf', Date.now() - staleMs);
      for (const batch of new Set([...unfinished, ...stale])) await finish(batch);
      if (fallingBack) {
        fallingBack = false;
        onFallback?.(false);
      }
    } catch (error) {
      onError(error);
    }
  }

  const flush = () => {
    flushing = flushing.then(flushOnce);
    return flushing;
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();

  return {
    add(templateId) {
      if (redis.status !== 'ready') {
        fallBack(templateId);
        return;
      }
      // Written to the socket now, before the answer is: the count survives this process.
      redis.hincrby(PENDING, templateId, 1).catch(() => fallBack(templateId));
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      await local.close();
    },
  };
}

/**
 * The per-consumer rate limit of a network profile (issue 30): N calls per second or minute for
 * each consumer of a route or project, the consumer being its bearer token, else its
 * `X-Mock-Session`, else its address. Fixed windows, counted in Redis when there is one (so two
 * nodes share the count: INCR, then PEXPIRE on the window's first call), in this process
 * otherwise or while Redis fails. Also the call counters of a project's replay (`replay`): the
 * same sequence of calls then draws the same delays and faults on any node.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface LimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (RateLimit-Reset, Retry-After). */
  resetS: number;
}

/** Who a call is, for its limit: a hash of its bearer token, else its session, else its address. */
export function consumerOf(
  authorization: string | undefined,
  session: string | undefined,
  address: string,
): string {
  if (authorization && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
    return `t:${createHash('sha256').update(authorization.slice(7).trim()).digest('base64url').slice(0, 22)}`;
  }
  if (session) return `s:${session.slice(0, 64)}`;
  return `a:${address}`;
}

export interface ConsumerLimits {
  /** Counts a call of `consumer` against `limit` per window on `scope` (a route's or project's id). */
  take(scope: string, consumer: string, limit: number, windowMs: number): Promise<LimitVerdict>;
  /** The next call number of a replayed route (0, 1, 2...), shared across nodes through Redis. */
  nextCall(projectId: string, routeId: string): Promise<number>;
  /** Starts a project's replay again (its `POST {base}/__reset`). */
  resetCalls(projectId: string): Promise<void>;
}

const MEMORY_KEYS = 100_000;

export function createConsumerLimits(redis?: Redis): ConsumerLimits {
  // In this process: counts by key and window, and replay counters.
  const counts = new Map<string, { window: number; count: number }>();
  const calls = new Map<string, number>();

  const takeHere = (key: string, window: number) => {
    const entry = counts.get(key);
    if (entry && entry.window === window) {
      entry.count++;
      return entry.count;
    }
    if (counts.size >= MEMORY_KEYS) counts.clear();
    counts.set(key, { window, count: 1 });
    return 1;
  };

  return {
    async take(scope, consumer, limit, windowMs) {
      const now = Date.now();
      const window = Math.floor(now / windowMs);
      const key = `mocksmith:consumer:${scope}:${consumer}:${window}`;
      let count: number;
      if (redis && redis.status === 'ready') {
        try {
          const [[, counted]] = (await redis
            .multi()
            .incr(key)
            .pexpire(key, windowMs + 1000)
            .exec()) as [[Error | null, number]];
          count = counted;
        } catch {
          count = takeHere(key, window);
        }
      } else {
        count = takeHere(key, window);
      }
      const resetS = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetS };
    },

    async nextCall(projectId, routeId) {
      if (redis && redis.status === 'ready') {
        try {
          return (await redis.hincrby(`mocksmith:replay:${projectId}`, routeId, 1)) - 1;
        } catch {
          // This process's count meanwhile.
        }
      }
      const key = `${projectId}:${routeId}`;
      const next = calls.get(key) ?? 0;
      if (calls.size >= MEMORY_KEYS) calls.clear();
      calls.set(key, next + 1);
      return next;
    },

    async resetCalls(projectId) {
      for (const key of calls.keys()) if (key.startsWith(`${projectId}:`)) calls.delete(key);
      if (redis && redis.status === 'ready') {
        try {
          await redis.del(`mocksmith:replay:${projectId}`);
        } catch {
          // Nothing to start again there.
        }
      }
    },
  };
}

/**
 * The per-consumer rate limit of a network profile (issue 30): N calls per second or minute for
 * each consumer of a route or project, the consumer being its bearer token, else its
 * `X-Mock-Session`, else its address. Fixed windows, counted in Redis when there is one (so two
 * nodes share the count: INCR, then PEXPIRE on the window's first call), in this process
 * otherwise or while Redis fails. Also the call counters of a project's replay (`replay`): the
 * same sequence of calls then draws the same delays and faults on any node.
 */
import type { ConsumerLimits } from '@mocksmith/engine';
import type { Redis } from 'ioredis';

export type { ConsumerLimits, LimitVerdict } from '@mocksmith/engine';

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

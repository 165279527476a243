/**
 * The network profiles' per-consumer limits and the replay counters in this process (ports.ts's
 * ConsumerLimits): the command-line runner's, and the engine's tests'. Fixed windows, counted as
 * the server counts them (consumer-limits.ts, which shares them through Redis across nodes).
 */
import type { ConsumerLimits } from './ports.ts';

/** Past this many keys, the counts start again (a flood of consumers costs no more memory). */
const MEMORY_KEYS = 100_000;

export function createMemoryLimits({
  now = Date.now,
}: {
  now?: () => number;
} = {}): ConsumerLimits {
  const counts = new Map<string, { window: number; count: number }>();
  const calls = new Map<string, number>();
  return {
    async take(scope, consumer, limit, windowMs) {
      const at = now();
      const window = Math.floor(at / windowMs);
      const key = `${scope}:${consumer}`;
      const entry = counts.get(key);
      let count = 1;
      if (entry && entry.window === window) count = ++entry.count;
      else {
        if (counts.size >= MEMORY_KEYS) counts.clear();
        counts.set(key, { window, count });
      }
      const resetS = Math.max(1, Math.ceil(((window + 1) * windowMs - at) / 1000));
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetS };
    },
    async nextCall(projectId, routeId) {
      const key = `${projectId}:${routeId}`;
      const next = calls.get(key) ?? 0;
      if (calls.size >= MEMORY_KEYS) calls.clear();
      calls.set(key, next + 1);
      return next;
    },
    async resetCalls(projectId) {
      for (const key of calls.keys()) if (key.startsWith(`${projectId}:`)) calls.delete(key);
    },
  };
}

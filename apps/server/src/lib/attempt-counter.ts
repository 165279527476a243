/**
 * Counters of attempts that can be taken back: a sign-in counts its attempt before the password is
 * checked (so that a hundred guesses sent at once cannot all pass a check made before any of them
 * is counted) and takes it back when the password was right, so that only failures stay counted.
 * @fastify/rate-limit's stores can only add, hence this. In Redis when given (every node shares
 * one budget), in this process while Redis cannot be reached, as the rate-limit store does.
 */
import type { Redis } from 'ioredis';

/** One counter after a change: its count and the seconds left of its window. */
export interface AttemptCount {
  count: number;
  ttlS: number;
}

export interface AttemptCounter {
  /** Adds one to each key (a window of `windowS` starts at a key's first attempt). */
  add(keys: string[]): Promise<AttemptCount[]>;
  /** Takes one back from each key that still exists (never below zero). */
  takeBack(keys: string[]): Promise<void>;
}

export interface AttemptCounterOptions {
  windowS: number;
  redis?: Redis;
  /** Prefixes every Redis key, so that deployments sharing a Redis never share counters. */
  namespace: string;
  /** Told when counting moves to this process (true) and back to Redis (false). */
  onFallback?(fallingBack: boolean): void;
}

const ADD_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out`;

const TAKE_BACK_SCRIPT = `
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 0 then redis.call('DECR', key) end
end
return 0`;

/** Counters in this process, swept of ended windows now and then. */
function localCounter(windowS: number) {
  const counts = new Map<string, { count: number; endsAt: number }>();
  let calls = 0;
  const sweep = (now: number) => {
    for (const [key, entry] of counts) if (entry.endsAt <= now) counts.delete(key);
  };
  return {
    add(keys: string[]): AttemptCount[] {
      const now = Date.now();
      if (++calls % 1000 === 0) sweep(now);
      return keys.map((key) => {
        let entry = counts.get(key);
        if (!entry || entry.endsAt <= now) {
          entry = { count: 0, endsAt: now + windowS * 1000 };
          counts.set(key, entry);
        }
        entry.count += 1;
        return { count: entry.count, ttlS: Math.max(1, Math.ceil((entry.endsAt - now) / 1000)) };
      });
    },
    takeBack(keys: string[]): void {
      const now = Date.now();
      for (const key of keys) {
        const entry = counts.get(key);
        if (entry && entry.endsAt > now && entry.count > 0) entry.count -= 1;
      }
    },
  };
}

export function createAttemptCounter({
  windowS,
  redis,
  namespace,
  onFallback,
}: AttemptCounterOptions): AttemptCounter {
  const local = localCounter(windowS);
  if (!redis) {
    return { add: async (keys) => local.add(keys), takeBack: async (keys) => local.takeBack(keys) };
  }
  let fallingBack = false;
  const fellBack = (value: boolean) => {
    if (fallingBack === value) return;
    fallingBack = value;
    onFallback?.(value);
  };
  const prefixed = (keys: string[]) => keys.map((key) => `${namespace}${key}`);

  return {
    async add(keys) {
      if (keys.length === 0) return [];
      if (redis.status === 'ready') {
        try {
          const out = (await redis.eval(
            ADD_SCRIPT,
            keys.length,
            ...prefixed(keys),
            String(windowS * 1000),
          )) as number[];
          fellBack(false);
          return keys.map((_, i) => ({
            count: Number(out[2 * i]),
            ttlS: Math.max(1, Math.ceil(Number(out[2 * i + 1]) / 1000)),
          }));
        } catch {
          // Counted here below until Redis answers again.
        }
      }
      fellBack(true);
      return local.add(keys);
    },
    async takeBack(keys) {
      if (keys.length === 0) return;
      if (redis.status === 'ready' && !fallingBack) {
        try {
          await redis.eval(TAKE_BACK_SCRIPT, keys.length, ...prefixed(keys));
          return;
        } catch {
          // The attempt was counted in Redis; a lost take-back only leaves it counted.
        }
      }
      local.takeBack(keys);
    },
  };
}

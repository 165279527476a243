/**
 * The rate-limit counters of a scaled-out deployment: in Redis, so that N nodes share one budget,
 * and in this process while Redis cannot be reached (each node then counts its own share, as a
 * single node would), with a warning; once Redis answers again the shared counters take over.
 * @fastify/rate-limit's own Redis store would fail every limited request instead (or, with
 * `skipOnError`, stop limiting at all).
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Store = FastifyRateLimitStore;
type Callback = Parameters<Store['incr']>[1];
type StoreClass = new (...args: unknown[]) => Store;

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

export interface FallbackStoreOptions {
  redis: Redis;
  nameSpace: string;
  /** Told when counting moves to this process (true) and back to Redis (false). */
  onFallback(fallingBack: boolean): void;
}

/** A store class for @fastify/rate-limit's `store` option. */
export function fallbackStore({ redis, nameSpace, onFallback }: FallbackStoreOptions) {
  let fallingBack = false;
  const fellBack = (value: boolean) => {
    if (fallingBack === value) return;
    fallingBack = value;
    onFallback(value);
  };

  class FallbackStore implements Store {
    readonly shared: Store;
    readonly local: Store;

    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      pair?: { shared: Store; local: Store },
    ) {
      this.shared =
        pair?.shared ??
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local =
        pair?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (redis.status !== 'ready') {
        fellBack(true);
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) {
            fellBack(false);
            callback(null, result);
            return;
          }
          fellBack(true);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<Store['child']>[0]): Store {
      return new FallbackStore(
        {},
        { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) },
      );
    }
  }
  return FallbackStore;
}

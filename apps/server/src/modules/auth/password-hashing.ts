/**
 * Password hashing with bounded concurrency. better-auth hashes with scrypt on libuv's thread pool
 * (four threads, shared with file and DNS work); a hundred sign-ins at once would queue a hundred
 * hashes there and starve everything else. Here at most `concurrency` run at once and `queueMax`
 * wait; past that the call is refused with 429 and Retry-After.
 *
 * The account calls take their slot with `withSlot` before better-auth touches the database, so
 * that no call waits for a slot while holding a pooled connection (better-auth hashes inside a
 * transaction at registration); the hash and verify functions given to better-auth then run in
 * the slot already held, and take one themselves only when called outside (an admin's call).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { tooManyRequests } from '../../lib/errors.ts';

/** Seconds a refused sign-in is told to wait: a queue drains in about that. */
export const HASHING_RETRY_AFTER_S = 2;

export interface PasswordHashingOptions {
  /** Hashes running at once: the cores, at most three (a thread stays free for file and DNS work). */
  concurrency?: number;
  /** Calls waiting for a slot; past it, 429. */
  queueMax?: number;
}

export function createPasswordHashing({
  concurrency = Math.max(1, Math.min(3, availableParallelism())),
  queueMax = 24 * Math.max(1, Math.min(3, availableParallelism())),
}: PasswordHashingOptions = {}) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const holding = new AsyncLocalStorage<boolean>();

  const busy = () =>
    tooManyRequests(
      `Too many sign-ins are being checked right now. Try again in ${HASHING_RETRY_AFTER_S} seconds`,
      HASHING_RETRY_AFTER_S,
    );

  async function acquire(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= queueMax) throw busy();
    // The slot is handed over by `release`, so `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  /** Runs `task` holding a hashing slot (429 when the queue is full). */
  async function withSlot<T>(task: () => Promise<T>): Promise<T> {
    if (holding.getStore()) return task();
    await acquire();
    try {
      return await holding.run(true, task);
    } finally {
      release();
    }
  }

  return {
    withSlot,
    /** For better-auth's `emailAndPassword.password`: its own scrypt format, in a slot. */
    password: {
      hash: (password: string) => withSlot(() => hashPassword(password)),
      verify: (data: { hash: string; password: string }) => withSlot(() => verifyPassword(data)),
    },
  };
}

export type PasswordHashing = ReturnType<typeof createPasswordHashing>;

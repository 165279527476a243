/**
 * The calls held for an API's delay (up to 10 s each), counted per client and in all, so that a
 * flood of delayed calls neither fills the server's memory nor takes a share of it from others:
 * past either cap a call answers 429 at once, with how long to wait.
 */
import { ErrorCode } from '@mocksmith/core';
import { AppError } from '../../lib/errors.ts';
import { heldCounts } from './held-counts.ts';

export interface DelayedCalls {
  /** Takes a place for a call of `client` delayed `delayMs`, or throws 429; returns its release. */
  admit(client: string, delayMs: number): () => void;
  /** Calls held now (all clients). */
  readonly size: number;
}

export function createDelayedCalls({
  perClient,
  total,
}: {
  perClient: number;
  total: number;
}): DelayedCalls {
  const byClient = heldCounts();
  let size = 0;

  const refuse = (message: string, delayMs: number) => {
    const wait = String(Math.max(1, Math.ceil(delayMs / 1000)));
    return new AppError(ErrorCode.TOO_MANY_DELAYED, `${message}. Try again in ${wait} seconds`, {
      headers: { 'Retry-After': wait },
    });
  };

  return {
    admit(client, delayMs) {
      if (byClient.get(client) >= perClient) {
        throw refuse(
          `Too many delayed calls at once: at most ${perClient} per client are held for their delay`,
          delayMs,
        );
      }
      if (size >= total) {
        throw refuse(`The server is holding ${total} delayed calls, its most`, delayMs);
      }
      byClient.take(client);
      size++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        size--;
        byClient.give(client);
      };
    },
    get size() {
      return size;
    },
  };
}

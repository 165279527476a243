/**
 * The calls held for an API's delay (up to 10 s each), counted per client and in all, so that a
 * flood of delayed calls neither fills the server's memory nor takes a share of it from others:
 * past either cap a call answers 429 at once, with how long to wait.
 */
import { ErrorCode } from '@mocksmith/core';
import { AppError } from '../../lib/errors.ts';

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
  const byClient = new Map<string, number>();
  let size = 0;

  const refuse = (message: string, delayMs: number) =>
    new AppError(ErrorCode.TOO_MANY_DELAYED, message, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(delayMs / 1000))) },
    });

  return {
    admit(client, delayMs) {
      const held = byClient.get(client) ?? 0;
      if (held >= perClient) {
        throw refuse(
          `Too many delayed calls at once: at most ${perClient} per client are held for their delay. Try again in ${Math.max(1, Math.ceil(delayMs / 1000))} seconds`,
          delayMs,
        );
      }
      if (size >= total) {
        throw refuse(
          `The server is holding ${total} delayed calls, its most. Try again in ${Math.max(1, Math.ceil(delayMs / 1000))} seconds`,
          delayMs,
        );
      }
      byClient.set(client, held + 1);
      size++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        size--;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left === 0) byClient.delete(client);
        else byClient.set(client, left);
      };
    },
    get size() {
      return size;
    },
  };
}

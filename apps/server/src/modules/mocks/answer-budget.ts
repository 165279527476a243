/**
 * What large mock answers may cost this node, so that one API (or one account's) cannot take the
 * server from everyone else: a few large answers of one API at once, a bound on all of them at
 * once (their bodies are in memory until sent), and a budget of bytes per API per minute. Past any
 * of them a call answers 429 at once, with how long to wait and which limit it met. Only answers
 * whose worst-case size is large come here (mocks.routes.ts): the small ones pay nothing.
 */
import { tooManyRequests } from '../../lib/errors.ts';

export interface AnswerBudgetOptions {
  /** Large answers of one API being made or sent at once. */
  perApi: number;
  /** Large answers being made or sent at once on this node, all APIs. */
  total: number;
  /** Bytes of large answers one API may send a minute; 0 for no budget. */
  bytesPerMinute: number;
  /** The clock, in ms (tests). */
  now?: () => number;
}

export interface AnswerBudget {
  /** Takes a place for a large answer of `apiId`, or throws the 429; returns its release. */
  admit(apiId: string): () => void;
  /** Counts the bytes an answer of `apiId` sent against its minute's budget. */
  charge(apiId: string, bytes: number): void;
  /** Large answers being made or sent now. */
  readonly inFlight: number;
}

const MINUTE_MS = 60_000;

/** A size for people: `900 bytes`, `9.8 KiB`, `256 MiB` (one decimal at most). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / 1024 / 1024, 'MiB'];
  return `${Math.round(value * 10) / 10} ${unit}`;
}

export function createAnswerBudget({
  perApi,
  total,
  bytesPerMinute,
  now = Date.now,
}: AnswerBudgetOptions): AnswerBudget {
  const byApi = new Map<string, number>();
  let inFlight = 0;
  // One fixed window a minute: the bytes of each API in it; a new minute starts them again.
  let window = -1;
  const sent = new Map<string, number>();

  const currentWindow = (): number => {
    const current = Math.floor(now() / MINUTE_MS);
    if (current !== window) {
      window = current;
      sent.clear();
    }
    return current;
  };

  return {
    admit(apiId) {
      if (bytesPerMinute > 0) {
        const minute = currentWindow();
        if ((sent.get(apiId) ?? 0) >= bytesPerMinute) {
          const wait = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now()) / 1000));
          throw tooManyRequests(
            `This mock API sent its budget of ${formatSize(bytesPerMinute)} of large answers this minute. Try again in ${wait} seconds`,
            wait,
          );
        }
      }
      const held = byApi.get(apiId) ?? 0;
      if (held >= perApi) {
        throw tooManyRequests(
          `Too many large answers of this mock API at once: at most ${perApi} are made at a time. Try again in 1 second`,
          1,
        );
      }
      if (inFlight >= total) {
        throw tooManyRequests(
          `The server is making ${total} large answers, its most at once. Try again in 1 second`,
          1,
        );
      }
      byApi.set(apiId, held + 1);
      inFlight++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
        const left = (byApi.get(apiId) ?? 1) - 1;
        if (left === 0) byApi.delete(apiId);
        else byApi.set(apiId, left);
      };
    },

    charge(apiId, bytes) {
      if (bytesPerMinute <= 0) return;
      currentWindow();
      sent.set(apiId, (sent.get(apiId) ?? 0) + bytes);
    },

    get inFlight() {
      return inFlight;
    },
  };
}

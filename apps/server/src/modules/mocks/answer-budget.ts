/**
 * What large mock answers may cost this node, so that one API, or one account's APIs, cannot take
 * the server from everyone else: a few large answers of one API and of one account at once, a
 * bound on all of them at once (their bodies are in memory until sent), and budgets of bytes per
 * API and per account per minute. Past any of them a call answers 429 at once, with how long to
 * wait and which limit it met. Only answers whose worst-case size is large come here
 * (mocks.routes.ts), and the heavy list answers of a project's collections (collection-state.ts:
 * a project counts as an API here): the small ones pay nothing. An anonymous API has no account:
 * its own limits and the node's bound it.
 */
import { tooManyRequests } from '../../lib/errors.ts';
import { heldCounts } from './held-counts.ts';

export interface AnswerBudgetOptions {
  /** Large answers of one API being made or sent at once. */
  perApi: number;
  /** Large answers of one account's APIs being made or sent at once. */
  perOwner: number;
  /** Large answers being made or sent at once on this node, all APIs. */
  total: number;
  /** Bytes of large answers one API may send a minute; 0 for no budget. */
  apiBytesPerMinute: number;
  /** Bytes of large answers one account's APIs may send a minute; 0 for no budget. */
  ownerBytesPerMinute: number;
  /** The clock, in ms (tests). */
  now?: () => number;
}

/** What the refusals call what answers: `this mock API` (the default) or `this project`. */
export type AnswerSubject = 'this mock API' | 'this project';

export interface AnswerBudget {
  /**
   * Takes a place for a large answer of `apiId` (owned by `ownerId`, null when anonymous), or
   * throws the 429 naming the cap and `subject`; returns its release.
   */
  admit(apiId: string, ownerId: string | null, subject?: AnswerSubject): () => void;
  /** Counts the bytes an answer sent against its API's and its owner's budgets this minute. */
  charge(apiId: string, ownerId: string | null, bytes: number): void;
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
  perOwner,
  total,
  apiBytesPerMinute,
  ownerBytesPerMinute,
  now = Date.now,
}: AnswerBudgetOptions): AnswerBudget {
  const byApi = heldCounts();
  const byOwner = heldCounts();
  let inFlight = 0;
  // One fixed window a minute: the bytes of each API and owner in it; a new minute starts again.
  let window = -1;
  const apiBytes = new Map<string, number>();
  const ownerBytes = new Map<string, number>();

  const currentWindow = (): number => {
    const current = Math.floor(now() / MINUTE_MS);
    if (current !== window) {
      window = current;
      apiBytes.clear();
      ownerBytes.clear();
    }
    return current;
  };

  /** The 429 of a spent minute's budget, waiting until the next minute. */
  const spent = (minute: number, who: string, budget: number) => {
    const wait = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now()) / 1000));
    return tooManyRequests(
      `${who} sent its budget of ${formatSize(budget)} of large answers this minute. Try again in ${wait} seconds`,
      wait,
    );
  };
  const busy = (message: string) => tooManyRequests(`${message}. Try again in 1 second`, 1);

  return {
    admit(apiId, ownerId, subject = 'this mock API') {
      const minute = currentWindow();
      const Subject = `T${subject.slice(1)}`;
      if (apiBytesPerMinute > 0 && (apiBytes.get(apiId) ?? 0) >= apiBytesPerMinute) {
        throw spent(minute, Subject, apiBytesPerMinute);
      }
      if (
        ownerId !== null &&
        ownerBytesPerMinute > 0 &&
        (ownerBytes.get(ownerId) ?? 0) >= ownerBytesPerMinute
      ) {
        throw spent(minute, `${Subject}'s account`, ownerBytesPerMinute);
      }
      if (byApi.get(apiId) >= perApi) {
        throw busy(
          `Too many large answers of ${subject} at once: at most ${perApi} are made at a time`,
        );
      }
      if (ownerId !== null && byOwner.get(ownerId) >= perOwner) {
        throw busy(
          `Too many large answers of this account's mock APIs and projects at once: at most ${perOwner} are made at a time`,
        );
      }
      if (inFlight >= total) {
        throw busy(`The server is making ${total} large answers, its most at once`);
      }
      byApi.take(apiId);
      if (ownerId !== null) byOwner.take(ownerId);
      inFlight++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
        byApi.give(apiId);
        if (ownerId !== null) byOwner.give(ownerId);
      };
    },

    charge(apiId, ownerId, bytes) {
      currentWindow();
      apiBytes.set(apiId, (apiBytes.get(apiId) ?? 0) + bytes);
      if (ownerId !== null) ownerBytes.set(ownerId, (ownerBytes.get(ownerId) ?? 0) + bytes);
    },

    get inFlight() {
      return inFlight;
    },
  };
}

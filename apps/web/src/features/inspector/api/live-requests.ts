import type { LoggedCallView } from '@mocksmith/core/inspector';
import { type LogBase, requestsUrl } from './get-requests.ts';

/**
 * What the live feed uses of an EventSource; the tests give a fake one (happy-dom has none).
 * Events: `open`, `error`, `request` whose data is a logged call as JSON, and `skipped` whose
 * data (`{"skipped": N}`) counts the calls the server did not send (the page fell behind, or a
 * flood brought more than a person can follow): they are in the log.
 */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

/** Opens the feed at `url`. */
export type LiveSourceFactory = (url: string) => LiveSource;

/** EventSource's readyState once it has given up (a refused connection is not retried). */
export const LIVE_CLOSED = 2;

/** The browser's EventSource, with the session cookie (same origin). */
export const openEventSource: LiveSourceFactory = (url) =>
  new EventSource(url, { withCredentials: true });

/** `GET .../requests/live`: the calls of a project or API as server-sent events. */
export function liveRequestsUrl(base: LogBase): string {
  return requestsUrl(base, 'live');
}

/** Reads the call an event brings, or null when its data is not one. */
export type CallReader = (event: Event) => LoggedCallView | null;

let reader: CallReader | undefined;
let loading: Promise<CallReader> | undefined;

/**
 * Loads the reader of `request` events (core's schema of a logged call, and zod), once: a feed
 * starts it at its first call, so that opening the page builds no schema (the calls that come
 * meanwhile wait for it, in order). A failed load is tried again by the next call.
 */
export function loadCallReader(): Promise<CallReader> {
  loading ??= import('@mocksmith/core/inspector').then(
    ({ loggedCallSchema }) => {
      reader = (event) => {
        const data = (event as MessageEvent<unknown>).data;
        if (typeof data !== 'string') return null;
        try {
          const read = loggedCallSchema.safeParse(JSON.parse(data));
          return read.success ? read.data : null;
        } catch {
          return null;
        }
      };
      return reader;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The reader, once loaded (`loadCallReader`); undefined before. */
export function loadedCallReader(): CallReader | undefined {
  return reader;
}

/** How many calls a `skipped` event says were not sent, or 0 when its data says none. */
export function skippedOfEvent(event: Event): number {
  const data = (event as MessageEvent<unknown>).data;
  if (typeof data !== 'string') return 0;
  try {
    const skipped = (JSON.parse(data) as { skipped?: unknown }).skipped;
    return typeof skipped === 'number' && Number.isInteger(skipped) && skipped > 0 ? skipped : 0;
  } catch {
    return 0;
  }
}

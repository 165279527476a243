import { useMutation } from '@tanstack/react-query';
import { mockCallUrl } from '../../../config/paths.ts';

/** One call of a route's live URL, as the Test panel sends it. */
export interface LiveCall {
  method: string;
  /** The URL as shown: the project's base URL, the path and the query. */
  url: string;
  headers: Record<string, string>;
  /** The body as typed, sent as it is; none for a method without one. */
  body?: string;
}

/** What the Test panel shows of the answer. */
export interface LiveAnswer {
  status: number;
  statusText: string;
  /** The headers the browser lets the page read (names in lower case), in its order. */
  headers: [string, string][];
  /** The body, pretty-printed when it is JSON. */
  body: string;
  /** Milliseconds from sending to the end of the body. */
  durationMs: number;
}

/**
 * Calls a route's live URL as any client would, where mockCallUrl says the page reaches it (the
 * Test API modal's rule: the site's own origin, or the mocks' host of their own). Without
 * cookies, so the answer is the one a client gets. Throws on a network failure.
 */
export async function callRoute({ method, url, headers, body }: LiveCall): Promise<LiveAnswer> {
  const started = performance.now();
  const response = await fetch(mockCallUrl(url), {
    method,
    headers,
    body,
    credentials: 'omit',
    cache: 'no-store',
  });
  const text = await response.text();
  let pretty = text;
  try {
    pretty = text === '' ? '' : JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]),
    body: pretty,
    durationMs: Math.round(performance.now() - started),
  };
}

/** Calls a route from the Test panel; `isPending` while the call runs. */
export function useCallRoute() {
  return useMutation({ mutationFn: callRoute });
}

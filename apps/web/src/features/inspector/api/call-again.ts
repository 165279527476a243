import { useMutation } from '@tanstack/react-query';
import { mockCallUrl } from '../../../config/paths.ts';

/** A logged call sent again. */
export interface Replay {
  method: string;
  /** The URL as shown: the project's base URL, the path and the query. */
  url: string;
  headers: [string, string][];
  /** The body as logged; none when there was none. */
  body?: string;
}

/** What the detail shows of the answer to a call sent again. */
export interface ReplayAnswer {
  status: number;
  statusText: string;
  /** The headers the browser lets the page read (names in lower case). */
  headers: [string, string][];
  /** The body, pretty-printed when it is JSON. */
  body: string;
  /** Milliseconds from sending to the end of the body. */
  durationMs: number;
}

/**
 * Sends a logged call again to the project's live URL, where mockCallUrl says the page reaches
 * it (the Test panel's rule), without cookies: the answer is the one a client gets. A header the
 * browser will not send (its own) is dropped by the browser. Throws on a network failure.
 */
export async function callAgain({ method, url, headers, body }: Replay): Promise<ReplayAnswer> {
  const started = performance.now();
  const sent = new Headers();
  for (const [name, value] of headers) {
    try {
      sent.append(name, value);
    } catch {
      // A name or value the browser refuses: the call goes without it.
    }
  }
  const response = await fetch(mockCallUrl(url), {
    method,
    headers: sent,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
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

export function useCallAgain() {
  return useMutation({ mutationFn: callAgain });
}

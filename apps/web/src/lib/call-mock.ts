import { mockCallUrl } from '../config/paths.ts';

/** One call of a mock's live URL, as a page sends it (the Test panel, the inspector's Call again). */
export interface MockCall {
  method: string;
  /** The URL as shown: the project's base URL, the path and the query. */
  url: string;
  /** In order; a name or value the browser refuses (one of its own) is left out. */
  headers: Iterable<readonly [string, string]> | Record<string, string>;
  /** The body as typed or logged; never sent with GET or HEAD. */
  body?: string;
}

/** What a page shows of the answer. */
export interface MockCallAnswer {
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
 * Calls a mock's live URL as any client would, where mockCallUrl says the page reaches it (the
 * site's own origin, or the mocks' host of their own), without cookies: the answer is the one a
 * client gets. Throws on a network failure.
 */
export async function callMock({ method, url, headers, body }: MockCall): Promise<MockCallAnswer> {
  const started = performance.now();
  const sent = new Headers();
  const pairs = Symbol.iterator in headers ? headers : Object.entries(headers);
  for (const [name, value] of pairs as Iterable<readonly [string, string]>) {
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

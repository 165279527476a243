import { useMutation } from '@tanstack/react-query';
import { mockCallUrl } from '../../../config/paths.ts';
import type { Api } from '../types.ts';

/** What the Test modal shows of one call. */
export interface TestResult {
  status: number;
  statusText: string;
  /** The body, pretty-printed when it is JSON. */
  body: string;
  /** Milliseconds from sending to the end of the body. */
  durationMs: number;
}

/**
 * Calls a mock API's public URL as the Test modal does: the API's method, a JSON content type,
 * and its bearer token when it has one, where mockCallUrl says the page reaches it. Throws on a
 * network failure.
 */
export async function testApi({
  url,
  method,
  authToken,
}: Pick<Api, 'url' | 'method' | 'authToken'>): Promise<TestResult> {
  const started = performance.now();
  const response = await fetch(mockCallUrl(url), {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(authToken ? { Authorization: `Bearer ${authToken}` } : {}),
    },
    credentials: 'omit',
    cache: 'no-store',
  });
  const text = await response.text();
  let body = text;
  try {
    body = text === '' ? '' : JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  return {
    status: response.status,
    statusText: response.statusText,
    body,
    durationMs: Math.round(performance.now() - started),
  };
}

/** Calls an API from the Test modal; `isPending` while the call runs. */
export function useTestApi() {
  return useMutation({ mutationFn: testApi });
}

import type { SampleCode } from '@mocksmith/core/samples';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';

/** A sample API's answer and how long it took. */
export interface SampleResponse<T> {
  body: T;
  /** Milliseconds from sending the request to having the parsed body. */
  responseTime: number;
}

/** The URL of a sample API (spec section 7: `GET /backend/apitemplate/get/{code}`). */
export function samplePath(code: SampleCode): string {
  return apiPaths.publicMock('GET', code);
}

/**
 * `GET /backend/apitemplate/get/{code}`, without credentials as the spec says, timed with
 * performance.now(). Throws when the call fails, answers non-2xx or the body cannot feed the
 * widget, so the widget falls back to its demonstration data.
 */
export async function getSample<T>(
  code: SampleCode,
  isBody: (value: unknown) => value is T,
): Promise<SampleResponse<T>> {
  const started = performance.now();
  const response = await fetch(samplePath(code), {
    credentials: 'omit',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The ${code} sample API answered ${response.status}`);
  const body: unknown = await response.json();
  const responseTime = Math.round(performance.now() - started);
  if (!isBody(body)) throw new Error(`The ${code} sample API answered an unexpected body`);
  return { body, responseTime };
}

export const sampleQueryOptions = <T>(code: SampleCode, isBody: (value: unknown) => value is T) =>
  queryOptions({
    queryKey: ['samples', code],
    queryFn: () => getSample(code, isBody),
    // No retry, so the fallback shows at once; nothing kept, so each visit to a tab (which
    // mounts its widget) loads afresh with the spinner, as the spec's showcase does.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/** The live body of a sample API, for one widget. */
export function useSample<T>(code: SampleCode, isBody: (value: unknown) => value is T) {
  return useQuery(sampleQueryOptions(code, isBody));
}

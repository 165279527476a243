import type { SampleBody, SampleCode } from '@mocksmith/core/samples';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, mockCallUrl } from '../../../config/paths.ts';

/** A sample API's answer and how long it took. */
export interface SampleResponse<T> {
  body: T;
  /** Milliseconds from sending the request to having the parsed body. */
  responseTime: number;
}

/** The URL of a sample API (spec section 7: `GET /backend/apitemplate/get/{code}`). */
export function samplePath(code: SampleCode): string {
  return apiPaths.publicMock({ method: 'GET', requestId: code });
}

/**
 * `GET /backend/apitemplate/get/{code}`, without credentials as the spec says, timed with
 * performance.now(). The body is read with the sample's schema from core. Throws when the call
 * fails, answers non-2xx or the body is not of the sample's shape, so the widget falls back to
 * its demonstration data.
 */
export async function getSample<C extends SampleCode>(
  code: C,
): Promise<SampleResponse<SampleBody<C>>> {
  const started = performance.now();
  // The schemas load with the first body, not with the page (building them held its start).
  const [response, { sampleBodySchemas }] = await Promise.all([
    fetch(mockCallUrl(samplePath(code)), {
      credentials: 'omit',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    }),
    import('@mocksmith/core/sample-bodies'),
  ]);
  if (!response.ok) throw new Error(`The ${code} sample API answered ${response.status}`);
  const parsed = sampleBodySchemas[code].safeParse(await response.json());
  const responseTime = Math.round(performance.now() - started);
  if (!parsed.success) throw new Error(`The ${code} sample API answered an unexpected body`);
  // Indexing the schemas with a type parameter widens the result to every sample's body.
  return { body: parsed.data as SampleBody<C>, responseTime };
}

export const sampleQueryOptions = <C extends SampleCode>(code: C) =>
  queryOptions({
    queryKey: ['samples', code],
    queryFn: () => getSample(code),
    // No retry, so the fallback shows at once; nothing kept, so each visit to a tab (which
    // mounts its widget) loads afresh with the spinner, as the spec's showcase does.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/** The live body of a sample API, for one widget; asked for once `enabled` (the default). */
export function useSample<C extends SampleCode>(code: C, enabled = true) {
  return useQuery({ ...sampleQueryOptions(code), enabled });
}

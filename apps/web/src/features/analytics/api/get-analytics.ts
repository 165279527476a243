import type { Analytics, AnalyticsRange } from '@mocksmith/core/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** The charts follow the calls: read again every minute while shown. */
const REFRESH_MS = 60_000;

/**
 * Whose charts: `/backend/projects/{id}` for a project's calls, `/backend/apis/{id}` for a
 * stand-alone API's. They are at `{base}/analytics`.
 */
export type AnalyticsBase = string;

/** The charts of a project. */
export const projectAnalyticsBase = (projectId: string): AnalyticsBase =>
  `${apiPaths.backend}/projects/${encodeURIComponent(projectId)}`;

/** The charts of a stand-alone API. */
export const apiAnalyticsBase = (apiId: string): AnalyticsBase =>
  `${apiPaths.backend}/apis/${encodeURIComponent(apiId)}`;

/** `GET {base}/analytics?range=`: the charts of a project or API; 404 for another user's. */
export function getAnalytics(base: AnalyticsBase, range: AnalyticsRange): Promise<Analytics> {
  return apiGet<Analytics>(`${base}/analytics?range=${range}`, { auth: 'own-403' });
}

/** The charts of a project or API over a range, under `['analytics', base, range]`. */
export const analyticsQueryOptions = (base: AnalyticsBase, range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['analytics', base, range],
    queryFn: () => getAnalytics(base, range),
    refetchInterval: REFRESH_MS,
    // Switching ranges keeps the last charts on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

export function useAnalytics(base: AnalyticsBase, range: AnalyticsRange) {
  return useQuery(analyticsQueryOptions(base, range));
}

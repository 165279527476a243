import type { Analytics, AnalyticsRange } from '@mocksmith/core/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** The charts follow the calls: read again every minute while shown. */
const REFRESH_MS = 60_000;

/** `GET /backend/projects/{id}/analytics?range=`: a project's charts; 404 for another user's. */
export function getAnalytics(projectId: string, range: AnalyticsRange): Promise<Analytics> {
  return apiGet<Analytics>(
    `${apiPaths.backend}/projects/${encodeURIComponent(projectId)}/analytics?range=${range}`,
    { auth: 'own-403' },
  );
}

/** A project's charts over a range, under `['analytics', id, range]`. */
export const analyticsQueryOptions = (projectId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['analytics', projectId, range],
    queryFn: () => getAnalytics(projectId, range),
    refetchInterval: REFRESH_MS,
    // Switching ranges keeps the last charts on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

export function useAnalytics(projectId: string, range: AnalyticsRange) {
  return useQuery(analyticsQueryOptions(projectId, range));
}

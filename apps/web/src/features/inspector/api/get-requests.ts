import type { LoggedRequestView, RequestList } from '@mocksmith/core/inspector';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { type InspectorFilters, requestsQuery } from '../utils/filters.ts';

/** `/backend/projects/{id}/requests`, and the paths under it, with their parts encoded. */
export function requestsUrl(projectId: string, ...parts: string[]): string {
  return [
    `${apiPaths.backend}/projects`,
    encodeURIComponent(projectId),
    'requests',
    ...parts.map(encodeURIComponent),
  ].join('/');
}

/** `GET .../requests?...`: the project's logged calls matching the filters, newest first. */
export async function getRequests(
  projectId: string,
  filters: InspectorFilters,
  limit: number,
): Promise<LoggedRequestView[]> {
  const { requests } = await apiGet<RequestList>(
    `${requestsUrl(projectId)}?${requestsQuery(filters, limit)}`,
    { auth: 'own-403' },
  );
  return requests;
}

/** Every list of a project's calls, whatever its filters: what clearing the log reloads. */
export const allRequestsKey = (projectId: string) => ['requests', projectId] as const;

/**
 * A project's calls for these filters, under `['requests', id, filters, limit]`. Always fetched
 * afresh when the page opens: the live feed only brings the calls made while it is open.
 */
export const requestsQueryOptions = (projectId: string, filters: InspectorFilters, limit: number) =>
  queryOptions({
    queryKey: [...allRequestsKey(projectId), filters, limit],
    queryFn: () => getRequests(projectId, filters, limit),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export function useRequests(projectId: string, filters: InspectorFilters, limit: number) {
  return useQuery(requestsQueryOptions(projectId, filters, limit));
}

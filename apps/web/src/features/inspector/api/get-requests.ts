import type { RequestList } from '@mocksmith/core/inspector';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { type InspectorFilters, requestsQuery } from '../utils/filters.ts';

/**
 * Where a log lives on the server: `/backend/projects/{id}` for a project's calls,
 * `/backend/apis/{id}` for a stand-alone API's. Its calls are under `{base}/requests`.
 */
export type LogBase = string;

/** The log of a project. */
export const projectLogBase = (projectId: string): LogBase =>
  `${apiPaths.backend}/projects/${encodeURIComponent(projectId)}`;

/** The log of a stand-alone API. */
export const apiLogBase = (apiId: string): LogBase =>
  `${apiPaths.backend}/apis/${encodeURIComponent(apiId)}`;

/** `{base}/requests`, and the paths under it, with their parts encoded. */
export function requestsUrl(base: LogBase, ...parts: string[]): string {
  return [base, 'requests', ...parts.map(encodeURIComponent)].join('/');
}

/**
 * `GET .../requests?...`: the logged calls matching the filters, newest first, and whether the
 * log holds every call (`complete`, `dropped`).
 */
export async function getRequests(
  base: LogBase,
  filters: InspectorFilters,
  limit: number,
): Promise<RequestList> {
  return apiGet<RequestList>(`${requestsUrl(base)}?${requestsQuery(filters, limit)}`, {
    auth: 'own-403',
  });
}

/** Every list of a log's calls, whatever its filters: what clearing the log reloads. */
export const allRequestsKey = (base: LogBase) => ['requests', base] as const;

/**
 * A log's calls for these filters, under `['requests', base, filters, limit]`. Always fetched
 * afresh when the page opens: the live feed only brings the calls made while it is open.
 */
export const requestsQueryOptions = (base: LogBase, filters: InspectorFilters, limit: number) =>
  queryOptions({
    queryKey: [...allRequestsKey(base), filters, limit],
    queryFn: () => getRequests(base, filters, limit),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export function useRequests(base: LogBase, filters: InspectorFilters, limit: number) {
  return useQuery(requestsQueryOptions(base, filters, limit));
}

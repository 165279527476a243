import type { AdminUsers } from '@mocksmith/core/gallery';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /backend/admin/users?search=`: accounts whose name or address contains `search`. */
export function getAdminUsers(search: string): Promise<AdminUsers> {
  const query = search.trim() ? `?${new URLSearchParams({ search: search.trim() })}` : '';
  return apiGet<AdminUsers>(`${apiPaths.backend}/admin/users${query}`, { auth: true });
}

/** The key every account search starts with: a moderation action reloads them all. */
export const adminUsersQueryKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey, search.trim()],
    queryFn: () => getAdminUsers(search),
    placeholderData: keepPreviousData,
  });

/** The accounts matching `search` (all recent ones when empty, as the server decides). */
export function useAdminUsers(search: string) {
  return useQuery(adminUsersQueryOptions(search));
}

import type { ApiKey } from '@mocksmith/core/keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `/backend/user/keys`, and a key's path under it. */
export function apiKeysUrl(id?: string): string {
  const base = `${apiPaths.backend}/user/keys`;
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

/** `GET /backend/user/keys`: the user's live keys, newest first (never the keys themselves). */
export function getApiKeys(): Promise<ApiKey[]> {
  // 'own-403': a 403 of the keys' calls is their own refusal, not a lost session.
  return apiGet<ApiKey[]>(apiKeysUrl(), { auth: 'own-403' });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: ['api-keys'], queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

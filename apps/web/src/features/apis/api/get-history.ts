import type { HistoryList } from '@mocksmith/core/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/** `GET /backend/history/{email}`: what happened to the user's APIs, newest first. */
export async function getHistory(email: string) {
  const history = await apiGet<HistoryList>(
    `${apiPaths.backend}/history/${encodeURIComponent(email)}`,
    { auth: true },
  );
  return history.messageHistoryList;
}

/** The history, cached under `['history', email]`; every change of an API reloads it. */
export const historyQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['history', email],
    queryFn: () => getHistory(email),
  });

/** The signed-in user's history. */
export function useHistory() {
  const { user } = useAuth();
  return useQuery({ ...historyQueryOptions(user?.email ?? ''), enabled: user !== null });
}

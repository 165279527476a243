import type { HistoryList } from '@mocksmith/core/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /backend/history/{email}`: what happened to the user's APIs, newest first. */
export const historyQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['history', email],
    queryFn: async () =>
      (
        await apiGet<HistoryList>(`${apiPaths.backend}/history/${encodeURIComponent(email)}`, {
          auth: true,
        })
      ).messageHistoryList,
  });

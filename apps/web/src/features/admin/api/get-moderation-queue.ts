import type { ModerationQueue } from '@mocksmith/core/gallery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /backend/admin/reports`: the open reports, oldest first, and the latest actions; 404 to non-admins. */
export function getModerationQueue(): Promise<ModerationQueue> {
  return apiGet<ModerationQueue>(`${apiPaths.backend}/admin/reports`, { auth: true });
}

export const moderationQueueQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'reports'],
    queryFn: getModerationQueue,
    retry: false,
    staleTime: 0,
  });

/** The moderation queue and history. */
export function useModerationQueue() {
  return useQuery(moderationQueueQueryOptions());
}

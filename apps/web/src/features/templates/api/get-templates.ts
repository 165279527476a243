import type { UserApi } from '@mocksmith/core/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /backend/crud/getall/{userId}`: the signed-in user's APIs, newest first. */
export const templatesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['templates', userId],
    queryFn: () =>
      apiGet<UserApi[]>(`${apiPaths.backend}/crud/getall/${encodeURIComponent(userId)}`, {
        auth: true,
      }),
  });

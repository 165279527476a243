import type { UserApi } from '@mocksmith/core/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import type { Api } from '../types.ts';

/** A stored API as the server answers it, in the words of the screens. */
export function toApi(api: UserApi): Api {
  return {
    id: api.id,
    requestId: api.requestId,
    name: api.name,
    description: api.description,
    template: api.template,
    method: api.requestEnum,
    customEndpoint: api.customEndpoint,
    delay: api.option.delay,
    status: api.option.httpCode,
    authToken: api.option.authToken,
    headers: api.customHeaders,
    isPublic: api.isPublic,
    category: api.category,
    tags: api.tags,
    createdAt: api.createDate,
    callCount: api.countUsed,
    url: api.link,
  };
}

/** `GET /backend/crud/getall/{userId}`: the user's APIs, newest first. */
export async function getApis(userId: string): Promise<Api[]> {
  const apis = await apiGet<UserApi[]>(
    `${apiPaths.backend}/crud/getall/${encodeURIComponent(userId)}`,
    { auth: true },
  );
  return apis.map(toApi);
}

/** The user's APIs, cached under `['apis', userId]`; every change of an API reloads them. */
export const apisQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['apis', userId],
    queryFn: () => getApis(userId),
  });

/** The signed-in user's APIs. */
export function useApis() {
  const { user } = useAuth();
  return useQuery({ ...apisQueryOptions(user?.userId ?? ''), enabled: user !== null });
}

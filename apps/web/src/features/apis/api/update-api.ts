import type { UpdateApiInput, UserApi } from '@mocksmith/core/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPut } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import type { Api } from '../types.ts';
import { type ApiDraft, toApiPayload } from './api-draft.ts';
import { toApi } from './get-apis.ts';
import { useReloadApis } from './reload-apis.ts';

/** Which API to update, and its new fields. */
export interface UpdateApiVariables {
  api: Pick<Api, 'id' | 'requestId'>;
  draft: ApiDraft;
}

/**
 * `PUT /backend/template`: replaces an API's template, options and sharing; answers the stored
 * API. Throws ApiError: 400 for a refused field or template, 409 for a custom endpoint in use.
 */
export async function updateApi(userId: string, { api, draft }: UpdateApiVariables): Promise<Api> {
  const body: UpdateApiInput = {
    ...toApiPayload(draft),
    id: api.id,
    requestId: api.requestId,
    userId,
  };
  return toApi(await apiPut<UserApi>(`${apiPaths.backend}/template`, body, { auth: true }));
}

/** Updates an API, then reloads the list and the history. */
export function useUpdateApi() {
  const { user } = useAuth();
  const reload = useReloadApis();
  return useMutation({
    mutationFn: (variables: UpdateApiVariables) => updateApi(user?.userId ?? '', variables),
    onSettled: reload,
  });
}

import type { CreateApiResult, CreateUserApiInput } from '@mocksmith/core/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import type { Api } from '../types.ts';
import { type ApiDraft, toApiPayload } from './api-draft.ts';
import { useReloadApis } from './reload-apis.ts';

/**
 * `POST /backend/crud/user`: saves a new API for the signed-in user; answers where it lives.
 * Throws ApiError: 400 for a refused field or template, 409 for a custom endpoint in use.
 */
export async function createApi(
  userId: string,
  draft: ApiDraft,
): Promise<Pick<Api, 'id' | 'requestId' | 'url'>> {
  const body: CreateUserApiInput = { ...toApiPayload(draft), userId };
  const { id, requestId, link } = await apiPost<CreateApiResult>(
    `${apiPaths.backend}/crud/user`,
    body,
    { auth: true },
  );
  return { id, requestId, url: link };
}

/** Creates an API, then reloads the list and the history. */
export function useCreateApi() {
  const { user } = useAuth();
  const reload = useReloadApis();
  return useMutation({
    mutationFn: (draft: ApiDraft) => createApi(user?.userId ?? '', draft),
    onSettled: reload,
  });
}

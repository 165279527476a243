import type { DeleteApiInput } from '@mocksmith/core/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiDelete } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import type { Api } from '../types.ts';
import { useReloadApis } from './reload-apis.ts';

/** `DELETE /backend/template`: removes an API; its URLs answer 404 at once. */
export function deleteApi(userId: string, api: Pick<Api, 'id' | 'requestId'>): Promise<unknown> {
  const body: DeleteApiInput = { idTemplate: api.id, idRequest: api.requestId, userId };
  return apiDelete(`${apiPaths.backend}/template`, body, { auth: true });
}

/** Deletes an API, then reloads the list and the history. */
export function useDeleteApi() {
  const { user } = useAuth();
  const reload = useReloadApis();
  return useMutation({
    mutationFn: (api: Pick<Api, 'id' | 'requestId'>) => deleteApi(user?.userId ?? '', api),
    onSettled: reload,
  });
}

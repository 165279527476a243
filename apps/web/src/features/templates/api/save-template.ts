import type {
  CreateApiResult,
  CreateUserApiInput,
  DeleteApiInput,
  UpdateApiInput,
  UserApi,
} from '@mocksmith/core/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { historyQueryOptions } from './get-history.ts';
import { templatesQueryOptions } from './get-templates.ts';

/** What a form sends to create an API (`z.input`-like: defaults may be left out). */
export type CreateTemplateBody = Omit<CreateUserApiInput, 'userId'>;
/** What a form sends to update an API. */
export type UpdateTemplateBody = Omit<UpdateApiInput, 'userId'>;

/** `POST /backend/crud/user`: saves a new API for the signed-in user. */
export function createTemplate(userId: string, body: CreateTemplateBody): Promise<CreateApiResult> {
  return apiPost<CreateApiResult>(
    `${apiPaths.backend}/crud/user`,
    { ...body, userId },
    {
      auth: true,
    },
  );
}

/** `PUT /backend/template`: replaces an API's template and options; answers the stored API. */
export function updateTemplate(userId: string, body: UpdateTemplateBody): Promise<UserApi> {
  return apiPut<UserApi>(`${apiPaths.backend}/template`, { ...body, userId }, { auth: true });
}

/** `DELETE /backend/template`: removes an API; its URLs answer 404 at once. */
export function deleteTemplate(userId: string, template: UserApi): Promise<unknown> {
  const body: DeleteApiInput = {
    idTemplate: template.id,
    idRequest: template.requestId,
    userId,
  };
  return apiDelete(`${apiPaths.backend}/template`, body, { auth: true });
}

/**
 * The three writes as mutations of the signed-in user's APIs; each reloads the list and the
 * history when it is done (spec: after update or delete the list and history reload).
 */
export function useTemplateMutations() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.userId ?? '';
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templatesQueryOptions(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: historyQueryOptions(user?.email ?? '').queryKey }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreateTemplateBody) => createTemplate(userId, body),
      onSettled: reload,
    }),
    update: useMutation({
      mutationFn: (body: UpdateTemplateBody) => updateTemplate(userId, body),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (template: UserApi) => deleteTemplate(userId, template),
      onSettled: reload,
    }),
  };
}

import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { adminUsersQueryKey } from './get-admin-users.ts';
import { moderationQueueQueryOptions } from './get-moderation-queue.ts';

/** One moderation action, and what it acts on. */
export type Moderation =
  | { action: 'dismiss'; reportId: string }
  | { action: 'unpublish'; templateId: string }
  | { action: 'disable-api' | 'enable-api'; apiId: string }
  | { action: 'ban' | 'unban'; userId: string };

/** The call of an action: `POST /backend/admin/...`. */
export function moderationPath(moderation: Moderation): string {
  const admin = `${apiPaths.backend}/admin`;
  switch (moderation.action) {
    case 'dismiss':
      return `${admin}/reports/${encodeURIComponent(moderation.reportId)}/dismiss`;
    case 'unpublish':
      return `${admin}/templates/${encodeURIComponent(moderation.templateId)}/unpublish`;
    case 'disable-api':
      return `${admin}/apis/${encodeURIComponent(moderation.apiId)}/disable`;
    case 'enable-api':
      return `${admin}/apis/${encodeURIComponent(moderation.apiId)}/enable`;
    default:
      return `${admin}/users/${encodeURIComponent(moderation.userId)}/${moderation.action}`;
  }
}

export function moderate(moderation: Moderation): Promise<unknown> {
  return apiPost(moderationPath(moderation), undefined, { auth: true });
}

/**
 * Runs a moderation action, then reloads the queue, the history and the user lists. What must
 * happen whatever becomes of the caller (a toast) goes in `options`: the reload can take away the
 * component that asked (a report card leaves the queue), and `mutate`'s own callbacks are not
 * called once it is gone.
 */
export function useModerate(
  options: Pick<UseMutationOptions<unknown, Error, Moderation>, 'onSuccess' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    ...options,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueueQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
      ]),
  });
}

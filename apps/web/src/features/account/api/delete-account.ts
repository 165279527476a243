import type { MessageResult } from '@mocksmith/core/auth';
import { apiPaths } from '../../../config/paths.ts';
import { apiDelete } from '../../../lib/api-client.ts';

/** `DELETE /backend/user/{userId}`: removes the account and everything in it. */
export function deleteAccount(userId: string): Promise<MessageResult> {
  return apiDelete<MessageResult>(
    `${apiPaths.backend}/user/${encodeURIComponent(userId)}`,
    undefined,
    {
      auth: true,
    },
  );
}

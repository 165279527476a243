import type { ChangePasswordInput, MessageResult } from '@mocksmith/core/auth';
import { apiPaths } from '../../../config/paths.ts';
import { apiPut } from '../../../lib/api-client.ts';

/** `PUT /backend/user/password`: checks the current password, sets the new one. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResult> {
  return apiPut<MessageResult>(`${apiPaths.backend}/user/password`, input, { auth: true });
}

import type { MessageResult, ResetPasswordInput } from '@mocksmith/core/auth';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/user/reset-password`: sets the new password of a mailed reset link (once). */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResult> {
  return apiPost<MessageResult>('/api/user/reset-password', input);
}

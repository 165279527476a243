import type { MessageResult, ResetPasswordInput } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /api/user/reset-password`: sets the new password of a mailed reset link (once). */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResult> {
  return apiPost<MessageResult>('/api/user/reset-password', input);
}

/** Sets a new password from a mailed link; every session of the account ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

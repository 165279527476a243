import {
  type MessageResult,
  type ResetPasswordInput,
  resetPasswordInputSchema,
} from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../lib/api-client.ts';
import { withConfirmation } from '../schemas.ts';
import { authTexts } from '../texts.ts';

/** The two fields of /reset-password/{token}: core's password rule, typed twice. */
export const resetPasswordFormSchema = withConfirmation(
  resetPasswordInputSchema.pick({ password: true }).extend({ confirmPassword: z.string() }),
  authTexts.passwordsDontMatch,
);
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

/** `POST /api/user/reset-password`: sets the new password of a mailed reset link (once). */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResult> {
  return apiPost<MessageResult>('/api/user/reset-password', input);
}

/** Sets a new password from a mailed link; every session of the account ends. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import {
  type ChangePasswordInput,
  changePasswordInputSchema,
  type MessageResult,
} from '@mocksmith/core/auth';
import { z } from '@mocksmith/core/zod';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPut } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { accountTexts } from '../texts.ts';

const { currentPassword, newPassword } = changePasswordInputSchema.shape;

/**
 * The Password Management form: the three fields required (with the page's texts), core's rules
 * for the passwords, and the new one typed twice ('New passwords do not match', no call).
 */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: accountTexts.fieldRequired('Current Password') })
      .pipe(currentPassword),
    newPassword: z
      .string()
      .min(1, { error: accountTexts.fieldRequired('New Password') })
      .pipe(newPassword),
    confirmPassword: z
      .string()
      .min(1, { error: accountTexts.fieldRequired('Confirm New Password') }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: accountTexts.passwordsDontMatch,
    // Only once both are typed: an empty confirmation already says it is required.
    when: ({ value }) => {
      const { newPassword: typed, confirmPassword: again } = value as Record<string, unknown>;
      return typeof typed === 'string' && typed !== '' && typeof again === 'string' && again !== '';
    },
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** `PUT /backend/user/password`: checks the current password, sets the new one. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResult> {
  return apiPut<MessageResult>(`${apiPaths.backend}/user/password`, input, { auth: true });
}

/** Changes the signed-in user's password. */
export function useChangePassword() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: (input: Omit<ChangePasswordInput, 'userId'>) =>
      changePassword({ ...input, userId: user?.userId }),
  });
}

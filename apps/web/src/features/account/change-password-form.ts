import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInputSchema } from '@mocksmith/core/auth';
import { z } from '@mocksmith/core/zod';
import { accountTexts } from './texts.ts';

// The Password Management form's rules, loaded on its first check (lazyResolver): the account
// page's first render builds no schema.

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
export type ChangePasswordFormOutput = z.output<typeof changePasswordFormSchema>;

export const changePasswordResolver = zodResolver(changePasswordFormSchema);

import { type MessageResult, type RegisterInput, registerInputSchema } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { emailField, withConfirmation } from '../schemas.ts';
import { authTexts } from '../texts.ts';

/**
 * The Register tab's fields: core's registration rules (name, address, password of 8 to 128
 * characters), the screen's texts for empty fields, and the password typed twice.
 */
export const registerFormSchema = withConfirmation(
  registerInputSchema.extend({
    username: z
      .string()
      .trim()
      .min(1, { error: authTexts.nameRequired })
      .pipe(registerInputSchema.shape.username),
    email: emailField,
    confirmPassword: z.string(),
  }),
  authTexts.passwordsDontMatch,
);
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** `POST /backend/user/register`: creates the account and mails the verification link. */
export function register(input: RegisterInput): Promise<MessageResult> {
  return apiPost<MessageResult>(`${apiPaths.backend}/user/register`, input);
}

/** Registers an account; nothing is cached until its address is verified and it signs in. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}

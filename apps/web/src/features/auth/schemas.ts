import { forgotPasswordInputSchema } from '@mocksmith/core/auth';
import { z } from 'zod';
import { authTexts } from './texts.ts';

/**
 * The E-mail field of the sign-in screens: the screen's 'Email is required' when empty, then
 * core's address rule (the server's, word for word).
 */
export const emailField = z
  .string()
  .trim()
  .min(1, { error: authTexts.emailRequired })
  .pipe(forgotPasswordInputSchema.shape.email);

/** Adds the check that `confirmPassword` repeats `password`, shown beside the confirmation. */
export function withConfirmation<
  S extends z.ZodType<{ password: string; confirmPassword: string }, unknown>,
>(schema: S, message: string): S {
  return schema.refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: message,
  });
}

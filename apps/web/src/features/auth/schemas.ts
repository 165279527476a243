/**
 * The sign-in screens' form rules and their resolvers: core's rules (the server's, word for word)
 * with the screens' texts for empty fields. The forms load this module on their first check, or
 * once a field is focused (lib/lazy-resolver.ts), not with the page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from '@mocksmith/core/auth';
import { z } from '@mocksmith/core/zod';
import { authTexts } from './texts.ts';

/** The E-mail field: 'Email is required' when empty, then core's address rule. */
const emailField = z
  .string()
  .trim()
  .min(1, { error: authTexts.emailRequired })
  .pipe(forgotPasswordInputSchema.shape.email);

/** Adds the check that `confirmPassword` repeats `password`, shown beside the confirmation. */
function withConfirmation<
  S extends z.ZodType<{ password: string; confirmPassword: string }, unknown>,
>(schema: S, message: string): S {
  return schema.refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: message,
  });
}

/** The Login tab's fields. */
export const loginFormSchema = loginInputSchema.extend({
  email: emailField,
  password: z
    .string()
    .min(1, { error: authTexts.passwordRequired })
    .pipe(loginInputSchema.shape.password),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

/**
 * The Register tab's fields: name, address, password of 8 to 128 characters, and the password
 * typed twice.
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
export type RegisterFormOutput = z.output<typeof registerFormSchema>;

/** The e-mail field of /forgot-password and /request-reset. */
export const requestResetFormSchema = forgotPasswordInputSchema.extend({ email: emailField });
export type RequestResetFormValues = z.input<typeof requestResetFormSchema>;

/** The two fields of /reset-password/{token}: core's password rule, typed twice. */
export const resetPasswordFormSchema = withConfirmation(
  resetPasswordInputSchema.pick({ password: true }).extend({ confirmPassword: z.string() }),
  authTexts.passwordsDontMatch,
);
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormOutput = z.output<typeof resetPasswordFormSchema>;

export const loginResolver = zodResolver(loginFormSchema);
export const registerResolver = zodResolver(registerFormSchema);
export const requestResetResolver = zodResolver(requestResetFormSchema);
export const resetPasswordResolver = zodResolver(resetPasswordFormSchema);

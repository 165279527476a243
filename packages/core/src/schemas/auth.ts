/**
 * The request and response bodies of the account calls (spec section 7, DESIGN.md section 5),
 * and the texts both sides show. The server validates with these schemas; the web infers its
 * types from them and shows the same texts.
 */

import {
  authMessages,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './auth-texts.ts';
import { z } from './zod.ts';

export * from './auth-texts.ts';

const email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'email must be a valid e-mail address' }));

const newPassword = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(MIN_PASSWORD_LENGTH, { error: authMessages.passwordTooShort })
    .max(MAX_PASSWORD_LENGTH, { error: authMessages.passwordTooLong });

/** `POST /backend/user/register`. */
export const registerInputSchema = z.object({
  email,
  password: newPassword('password'),
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(1, { error: 'username is required' })
    .max(MAX_USERNAME_LENGTH, {
      error: `username must be at most ${MAX_USERNAME_LENGTH} characters`,
    }),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** `POST /backend/user/login`. `rememberMe` false gives a cookie that ends with the browser. */
export const loginInputSchema = z.object({
  email,
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(MAX_PASSWORD_LENGTH, { error: authMessages.passwordTooLong }),
  rememberMe: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginInputSchema>;

/** The signed-in user as the web stores it under the local-storage key `user`. */
export const sessionUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  /** The account signs in with Google only (it has no password). */
  isGoogle: z.boolean(),
  isBanned: z.boolean(),
  /** An administrator (the moderation page at /admin); absent in users stored before roles. */
  isAdmin: z.boolean().optional(),
  /**
   * The session is the account's first sign-in: the dashboard says 'Welcome' rather than
   * 'Welcome back'. Absent in users stored before it was said.
   */
  firstSignIn: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `POST /backend/user/forgot-password` and `POST /api/user/request-password-reset`. */
export const forgotPasswordInputSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** `POST /api/user/reset-password`. */
export const resetPasswordInputSchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }),
  password: newPassword('password'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** `PUT /backend/user/password`. `userId` must be the signed-in user's own. */
export const changePasswordInputSchema = z.object({
  userId: z.string().optional(),
  currentPassword: z
    .string({ error: 'currentPassword is required' })
    .min(1, { error: 'currentPassword is required' })
    .max(MAX_PASSWORD_LENGTH, { error: authMessages.passwordTooLong }),
  newPassword: newPassword('newPassword'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/**
 * `POST /backend/auth/google/callback`: what the provider appended to /auth. The spec's payload
 * is `{code}`; `state` (and `iss` when the provider sends it) tie the answer to the browser
 * that started the sign-in.
 */
export const googleCallbackInputSchema = z.object({
  code: z.string({ error: 'code is required' }).min(1, { error: 'code is required' }),
  state: z.string().optional(),
  iss: z.string().optional(),
});
export type GoogleCallbackInput = z.infer<typeof googleCallbackInputSchema>;

/** `GET /backend/auth/providers`: which sign-in methods this server offers. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export { type MessageResult, messageResultSchema } from './common.ts';

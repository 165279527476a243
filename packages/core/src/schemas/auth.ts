/**
 * The request and response bodies of the account calls (spec section 7, DESIGN.md section 5),
 * and the texts both sides show. The server validates with these schemas; the web infers its
 * types from them and shows the same texts.
 */
import { z } from 'zod';

/** The shortest password accepted at registration, reset and change. */
export const MIN_PASSWORD_LENGTH = 8;
/** The longest password accepted (hashing cost grows with length). */
export const MAX_PASSWORD_LENGTH = 128;
/** The longest display name. */
export const MAX_USERNAME_LENGTH = 100;

/** Texts of the account calls; those the spec quotes are word for word. */
export const authMessages = {
  /** Spec: the register answer tells the user to check their mail. */
  registered: 'Registration successful! Please check your email.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address before signing in. We have sent you a new verification link.',
  /** Spec: the Account Banned dialog, word for word (the body contains the word banned). */
  banned:
    'Your account has been banned due to a violation of our terms of service. Please contact our support team for more information about this decision.',
  /** Spec: the toast of a banned user found on a guarded page or call. */
  suspended: 'Your account has been suspended. Please contact support for more information.',
  verified: 'Your email address is verified. You can now sign in.',
  /** Spec: verification error. */
  verificationFailed:
    'Verification failed: The verification link appears to be invalid or has expired.',
  /** Spec: forgot-password answer, the same whether or not the address exists. */
  forgotPasswordSent:
    'If an account exists with this email, you will receive password reset instructions.',
  /** Spec: the alternate forgot screen's answer. */
  resetRequested: 'Reset instructions have been sent to your email.',
  /** The 400 of forgot-password for a Google account (spec: mentions Google Sign-In). */
  googleAccountNoPassword:
    'This account uses Google Sign-In and has no password. Please sign in with Google instead.',
  /** Spec: reset success. */
  passwordReset: 'Password successfully reset.',
  resetTokenInvalid:
    'This password reset link is invalid or has expired. Please request a new one.',
  /** Spec: account page success. */
  passwordUpdated: 'Password updated successfully',
  currentPasswordWrong: 'Current password is incorrect',
  /** Spec: the account page text for Google accounts. */
  googleManaged: 'Your account is managed by Google',
  accountDeleted: 'Your account and all its data have been deleted.',
  loggedOut: 'You are signed out.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You can only access your own account and data.',
  /** Spec: toast of a failed Google sign-in. */
  googleFailed: 'Google authentication failed',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  originRejected: 'This request came from another site and was refused.',
} as const;

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

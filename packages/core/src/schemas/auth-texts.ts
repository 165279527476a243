/**
 * The texts and limits of the account screens and calls, apart from their schemas so that a page
 * can show them without loading the validation library (auth.ts re-exports them).
 */
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

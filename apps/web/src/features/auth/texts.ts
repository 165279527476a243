/** The texts of the sign-in screens that only the web shows; the spec's are word for word. */
export const authTexts = {
  loginFailed: 'Login failed. Please check your credentials.',
  loginSucceeded: 'Login successful!',
  registrationFailed: 'Registration failed. Please try again.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordsDontMatch: "Passwords don't match!",
  googleConnecting: 'Connecting with Google...',
  googleWait: 'Please wait while we securely log you in',
  bannedTitle: 'Account Banned',
  resetFailed: 'Failed to reset password.',
  forgotFailed: 'An error occurred. Please try again later.',
  requestResetFailed: 'Failed to request password reset.',
} as const;

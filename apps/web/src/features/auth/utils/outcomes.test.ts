import { ErrorCode } from '@mocksmith/core/errors';
import { authMessages } from '@mocksmith/core/texts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { authTexts } from '../texts.ts';
import { failureWithReason, loginRefusal } from './outcomes.ts';

describe('loginRefusal', () => {
  it('opens the banned dialog for a banned account', () => {
    expect(loginRefusal(new ApiError(403, ErrorCode.ACCOUNT_BANNED, authMessages.banned))).toEqual({
      kind: 'banned',
    });
    expect(loginRefusal(new ApiError(403, 'HTTP_ERROR', 'User is banned'))).toEqual({
      kind: 'banned',
    });
  });

  it("shows the server's words for an unverified address and for a limit", () => {
    const unverified = new ApiError(
      403,
      ErrorCode.EMAIL_NOT_VERIFIED,
      authMessages.emailNotVerified,
    );
    expect(loginRefusal(unverified)).toEqual({
      kind: 'toast',
      title: authMessages.emailNotVerified,
    });
    expect(loginRefusal(new ApiError(429, 'RATE_LIMITED', 'Too many attempts'))).toEqual({
      kind: 'toast',
      title: 'Too many attempts',
    });
  });

  it("says 'Login failed' for wrong credentials, server errors and network failures", () => {
    const wrong = new ApiError(401, ErrorCode.INVALID_CREDENTIALS, 'Invalid email or password');
    expect(loginRefusal(wrong)).toEqual({ kind: 'toast', title: authTexts.loginFailed });
    expect(loginRefusal(new ApiError(500, 'INTERNAL', 'oops'))).toEqual({
      kind: 'toast',
      title: authTexts.loginFailed,
    });
    expect(loginRefusal(new TypeError('Failed to fetch'))).toEqual({
      kind: 'toast',
      title: authTexts.loginFailed,
    });
  });
});

describe('failureWithReason', () => {
  it("adds the server's reason to a 4xx", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Password must be at least 8 characters');
    expect(failureWithReason(error, authTexts.registrationFailed)).toEqual({
      kind: 'toast',
      title: authTexts.registrationFailed,
      description: 'Password must be at least 8 characters',
    });
  });

  it('keeps only the title for a 5xx or a network failure', () => {
    expect(failureWithReason(new ApiError(500, 'X', 'boom'), 'Failed')).toEqual({
      kind: 'toast',
      title: 'Failed',
    });
    expect(failureWithReason(new TypeError('Failed to fetch'), 'Failed')).toEqual({
      kind: 'toast',
      title: 'Failed',
    });
  });
});

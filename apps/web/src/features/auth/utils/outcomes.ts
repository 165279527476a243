import { ErrorCode } from '@mocksmith/core/errors';
import { ApiError } from '../../../lib/api-client.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { authTexts } from '../texts.ts';

/** What the sign-in screen shows for a refused call. */
export type RefusalOutcome =
  | { kind: 'banned' }
  | { kind: 'toast'; title: string; description?: string };

/** Whether a refused sign-in means the account is banned (spec: the body mentions banned). */
export function isBannedAnswer(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ErrorCode.ACCOUNT_BANNED || /banned/i.test(error.message))
  );
}

/**
 * A refused login: the banned dialog; the server's own words for an unverified address, a limit
 * or a malformed field; otherwise the spec's 'Login failed' text.
 */
export function loginRefusal(error: unknown): RefusalOutcome {
  if (isBannedAnswer(error)) return { kind: 'banned' };
  if (
    error instanceof ApiError &&
    (error.code === ErrorCode.EMAIL_NOT_VERIFIED || error.status === 429 || error.status === 400)
  ) {
    return { kind: 'toast', title: toUserMessage(error, authTexts.loginFailed) };
  }
  return { kind: 'toast', title: authTexts.loginFailed };
}

/** A refused call with the spec's text as title and, for a 4xx, the server's reason under it. */
export function failureWithReason(error: unknown, title: string): RefusalOutcome {
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500
      ? toUserMessage(error, title)
      : title;
  return reason !== title
    ? { kind: 'toast', title, description: reason }
    : { kind: 'toast', title };
}

import { ErrorCode } from '@mocksmith/core/errors';
import { galleryMessages } from '@mocksmith/core/texts';
import { ApiError } from '../../../lib/api-client.ts';
import { galleryTexts } from '../texts.ts';

/** Whether the session's end (a banned account) already explains the failure: no toast of ours. */
export function isBannedAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.ACCOUNT_BANNED;
}

/**
 * The toast of a failed Like: signed out, the spec's login text; an answer refusing it, 'Failed
 * to update like'; no answer at all, 'Failed to like template'.
 */
export function likeFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return galleryMessages.likeFailed;
  if (error.status === 401) return galleryMessages.loginToLike;
  return galleryMessages.updateLikeFailed;
}

// Texts, not hooks: renamed so that the hooks rule does not take them for hooks.
const {
  useNotFound: notFoundText,
  useNotPublic: notPublicText,
  useFailed: failedText,
} = galleryMessages;

/** The toast of a failed Use Template (spec section 8), with the server's message. */
export function copyFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return galleryTexts.useUnreachable;
  if (error.status === 401) return galleryMessages.loginToUse;
  if (error.status === 404) return notFoundText(error.message);
  if (error.status === 403) return notPublicText(error.message);
  return failedText(error.status, error.message);
}

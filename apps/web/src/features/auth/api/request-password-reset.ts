import type { MessageResult } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /backend/user/forgot-password` (the /forgot-password screen): the same message whether or
 * not the address exists; a 400 with code GOOGLE_ACCOUNT for an account that uses Google.
 */
export function forgotPassword(email: string): Promise<MessageResult> {
  return apiPost<MessageResult>(`${apiPaths.backend}/user/forgot-password`, { email });
}

/** `POST /api/user/request-password-reset` (the alternate /request-reset screen). */
export function requestPasswordReset(email: string): Promise<MessageResult> {
  return apiPost<MessageResult>('/api/user/request-password-reset', { email });
}

/** Asks for a reset link: by the forgot screen's call or by the alternate one. */
export function useRequestPasswordReset(variant: 'forgot' | 'request') {
  return useMutation({
    mutationFn: variant === 'forgot' ? forgotPassword : requestPasswordReset,
  });
}

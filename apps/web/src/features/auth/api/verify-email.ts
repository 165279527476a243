import type { MessageResult } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `GET /backend/user/verify/{token}`: confirms the address of the mailed link (once). */
export function verifyEmail(token: string): Promise<MessageResult> {
  return apiGet<MessageResult>(`${apiPaths.backend}/user/verify/${encodeURIComponent(token)}`);
}

/** Confirms an address: a write, since the link works once. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

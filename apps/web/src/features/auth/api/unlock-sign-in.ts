import type { MessageResult } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /backend/user/unlock`: spends a mailed unlock link; the answer's cookie makes this browser
 * a known device of the account, which signs in past its spent budget of wrong passwords.
 */
export function unlockSignIn(token: string): Promise<MessageResult> {
  return apiPost<MessageResult>(`${apiPaths.backend}/user/unlock`, { token });
}

/** Spends an unlock link: a write, since the link works once. */
export function useUnlockSignIn() {
  return useMutation({ mutationFn: unlockSignIn });
}

import type { MessageResult } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiDelete } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/** `DELETE /backend/user/{userId}`: removes the account and everything in it. */
export function deleteAccount(userId: string): Promise<MessageResult> {
  return apiDelete<MessageResult>(
    `${apiPaths.backend}/user/${encodeURIComponent(userId)}`,
    undefined,
    { auth: true },
  );
}

/**
 * Deletes the signed-in user's account; on success the session ends and local storage is
 * cleared (spec section 4), and the login guard goes on to /.
 */
export function useDeleteAccount() {
  const { user, forget } = useAuth();
  return useMutation({
    mutationFn: () => deleteAccount(user?.userId ?? ''),
    onSuccess: () => {
      forget('deleted');
      try {
        window.localStorage.clear();
      } catch {
        // Storage unavailable: nothing was kept there.
      }
    },
  });
}

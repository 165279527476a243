import type { MessageResult } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiDelete } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { toast } from '../../../lib/toast.ts';
import { accountTexts } from '../texts.ts';

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
 * cleared (spec section 4), and the login guard goes on to /, where a toast (the app's, above
 * the routes) says the account and its data are gone.
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
      toast.success(accountTexts.deleted);
    },
  });
}

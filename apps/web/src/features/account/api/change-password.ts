import type { ChangePasswordInput, MessageResult } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPut } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/** `PUT /backend/user/password`: checks the current password, sets the new one. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResult> {
  return apiPut<MessageResult>(`${apiPaths.backend}/user/password`, input, { auth: true });
}

/** Changes the signed-in user's password. */
export function useChangePassword() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: (input: Omit<ChangePasswordInput, 'userId'>) =>
      changePassword({ ...input, userId: user?.userId }),
  });
}

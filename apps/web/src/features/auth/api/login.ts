import type { LoginInput, SessionUser } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/**
 * `POST /backend/user/login`: the user, with the session cookie set. Throws ApiError: 401 for
 * wrong credentials, 403 for an unverified address or a banned account, 429 when limited.
 */
export function login(input: LoginInput): Promise<SessionUser> {
  return apiPost<SessionUser>(`${apiPaths.backend}/user/login`, input);
}

/** Signs in; the user is stored unless the answer says the account is banned. */
export function useLogin() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      if (!user.isBanned) signIn(user);
    },
  });
}

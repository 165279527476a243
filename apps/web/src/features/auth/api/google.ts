import type { AuthProviders, GoogleCallbackInput, SessionUser } from '@mocksmith/core/auth';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';

/** Where the Google button sends the browser: the server redirects on to the provider. */
export const GOOGLE_START_PATH = `${apiPaths.backend}/auth/google`;

/** `GET /backend/auth/providers`: whether Google sign-in is configured on this server. */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: () => apiGet<AuthProviders>(`${apiPaths.backend}/auth/providers`),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * `POST /backend/auth/google/callback`: trades the code the provider appended to /auth for a
 * session. Throws ApiError (400 when the provider's answer is refused, 403 when banned).
 */
export function finishGoogleSignIn(input: GoogleCallbackInput): Promise<SessionUser> {
  return apiPost<SessionUser>(`${apiPaths.backend}/auth/google/callback`, input);
}

/** Finishes a Google sign-in; the user is stored when the provider's answer is accepted. */
export function useGoogleSignIn() {
  const { signIn } = useAuth();
  return useMutation({ mutationFn: finishGoogleSignIn, onSuccess: signIn });
}

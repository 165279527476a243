import { type LoginInput, loginInputSchema, type SessionUser } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { emailField } from '../schemas.ts';
import { authTexts } from '../texts.ts';

/** The Login tab's fields: core's login rules, with the screen's texts for empty fields. */
export const loginFormSchema = loginInputSchema.extend({
  email: emailField,
  password: z
    .string()
    .min(1, { error: authTexts.passwordRequired })
    .pipe(loginInputSchema.shape.password),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

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

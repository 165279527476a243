import type { LoginInput, SessionUser } from '@mocksmith/core/auth';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * `POST /backend/user/login`: the user, with the session cookie set. Throws ApiError: 401 for
 * wrong credentials, 403 for an unverified address or a banned account, 429 when limited.
 */
export function login(input: LoginInput): Promise<SessionUser> {
  return apiPost<SessionUser>(`${apiPaths.backend}/user/login`, input);
}

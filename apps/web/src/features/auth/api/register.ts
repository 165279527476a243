import type { MessageResult, RegisterInput } from '@mocksmith/core/auth';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /backend/user/register`: creates the account and mails the verification link. */
export function register(input: RegisterInput): Promise<MessageResult> {
  return apiPost<MessageResult>(`${apiPaths.backend}/user/register`, input);
}

import type { MessageResult, RegisterInput } from '@mocksmith/core/auth';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** `POST /backend/user/register`: creates the account and mails the verification link. */
export function register(input: RegisterInput): Promise<MessageResult> {
  return apiPost<MessageResult>(`${apiPaths.backend}/user/register`, input);
}

/** Registers an account; nothing is cached until its address is verified and it signs in. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}

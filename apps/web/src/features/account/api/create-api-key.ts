import type { CreateApiKeyInput, CreatedApiKey } from '@mocksmith/core/keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { apiKeysQueryOptions, apiKeysUrl } from './get-api-keys.ts';

/** `POST /backend/user/keys`: the answer carries the whole key, the only time it is seen. */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  // 'own-403': past the most keys an account may have is a 403 of its own.
  return apiPost<CreatedApiKey>(apiKeysUrl(), input, { auth: 'own-403' });
}

/** Creates a key and reloads the list (which shows its prefix, never the key). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

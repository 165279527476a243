import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { apiKeysQueryOptions, apiKeysUrl } from './get-api-keys.ts';

/** `DELETE /backend/user/keys/{id}`: the key stops working at once. */
export function revokeApiKey(id: string): Promise<void> {
  return apiDelete<void>(apiKeysUrl(id), undefined, { auth: 'own-403' });
}

/** Revokes a key and reloads the list. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

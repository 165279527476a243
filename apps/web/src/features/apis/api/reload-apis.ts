import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth.tsx';
import { apisQueryOptions } from './get-apis.ts';
import { historyQueryOptions } from './get-history.ts';

/**
 * Reloads the signed-in user's APIs and history, as every change of an API does (spec: after
 * update or delete the list and history reload).
 */
export function useReloadApis(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apisQueryOptions(user?.userId ?? '').queryKey }),
      queryClient.invalidateQueries({ queryKey: historyQueryOptions(user?.email ?? '').queryKey }),
    ]);
}

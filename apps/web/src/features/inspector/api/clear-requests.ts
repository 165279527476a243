import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { allRequestsKey, type LogBase, requestsUrl } from './get-requests.ts';

/** `DELETE .../requests`: clears the log of a project or API (204). */
export function clearRequests(base: LogBase): Promise<void> {
  return apiDelete<void>(requestsUrl(base), undefined, { auth: 'own-403' });
}

/** Clears a log, then reloads its lists. */
export function useClearRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearRequests,
    onSettled: (_data, _error, base) =>
      queryClient.invalidateQueries({ queryKey: allRequestsKey(base) }),
  });
}

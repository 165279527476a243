import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { allRequestsKey, requestsUrl } from './get-requests.ts';

/** `DELETE .../requests`: clears the project's log (204). */
export function clearRequests(projectId: string): Promise<void> {
  return apiDelete<void>(requestsUrl(projectId), undefined, { auth: 'own-403' });
}

/** Clears a project's log, then reloads its lists. */
export function useClearRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearRequests,
    onSettled: (_data, _error, projectId) =>
      queryClient.invalidateQueries({ queryKey: allRequestsKey(projectId) }),
  });
}

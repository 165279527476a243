import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { sessionWritesKey, useReloadSessions } from './get-sessions.ts';

/** `DELETE /backend/projects/{id}/sessions/{name}`: the session and its changes go. */
export function deleteSession({
  projectId,
  session,
}: {
  projectId: string;
  session: string;
}): Promise<unknown> {
  return apiDelete(projectsUrl(projectId, 'sessions', session), undefined, { auth: 'own-403' });
}

/** Deletes a session, then reloads the sessions. */
export function useDeleteSession() {
  const reload = useReloadSessions();
  return useMutation({
    mutationKey: sessionWritesKey,
    mutationFn: deleteSession,
    onSettled: (_data, _error, variables) => reload(variables.projectId),
  });
}

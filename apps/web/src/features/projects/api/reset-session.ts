import type { ResetInput } from '@mocksmith/core/collections';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { sessionWritesKey, useReloadSessions } from './get-sessions.ts';

/** A session of a project by name; no name is the shared state (calls without a session). */
export interface SessionRef {
  projectId: string;
  session?: string;
}

/**
 * `POST /backend/projects/{id}/reset`: the session's collections (or the shared state's, without
 * a name) back to their seeded records.
 */
export function resetSession({ projectId, session }: SessionRef): Promise<unknown> {
  const input: ResetInput = session === undefined ? {} : { session };
  return apiPost(projectsUrl(projectId, 'reset'), input, { auth: 'own-403' });
}

/** Resets a session (or the shared state), then reloads the sessions. */
export function useResetSession() {
  const reload = useReloadSessions();
  return useMutation({
    mutationKey: sessionWritesKey,
    mutationFn: resetSession,
    onSettled: (_data, _error, variables) => reload(variables.projectId),
  });
}

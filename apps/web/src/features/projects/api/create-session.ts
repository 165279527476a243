import type { CreateSessionInput, ProjectSession } from '@mocksmith/core/collections';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { sessionWritesKey, useReloadSessions } from './get-sessions.ts';

/**
 * `POST /backend/projects/{id}/sessions`: a session of the owner's, new or named (one a call
 * started keeps its state); sessions others start never push it out.
 */
export function createSession({
  projectId,
  name,
}: {
  projectId: string;
  name: string;
}): Promise<ProjectSession> {
  const input: CreateSessionInput = { name };
  return apiPost<ProjectSession>(projectsUrl(projectId, 'sessions'), input, { auth: 'own-403' });
}

/** Makes (or names) a session the owner's, then reloads the sessions. */
export function useCreateSession() {
  const reload = useReloadSessions();
  return useMutation({
    mutationKey: sessionWritesKey,
    mutationFn: createSession,
    onSettled: (_data, _error, variables) => reload(variables.projectId),
  });
}

import type { ProjectSessionList } from '@mocksmith/core/collections';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { projectQueryOptions } from './get-project.ts';
import { projectsUrl } from './get-projects.ts';

/**
 * `GET /backend/projects/{id}/sessions`: the project's sessions, most recently used first, and
 * the records changed in the shared state.
 */
export function getSessions(projectId: string): Promise<ProjectSessionList> {
  return apiGet<ProjectSessionList>(projectsUrl(projectId, 'sessions'), { auth: 'own-403' });
}

/** A project's sessions, under `['projects', id, 'sessions']`. */
export const sessionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...projectQueryOptions(projectId).queryKey, 'sessions'],
    queryFn: () => getSessions(projectId),
  });

export function useSessions(projectId: string) {
  return useQuery(sessionsQueryOptions(projectId));
}

/**
 * The key of the writes of sessions (resets, deletions), under which a page finds those still
 * running (`useMutationState`), whichever component started them.
 */
export const sessionWritesKey = ['session-writes'] as const;

/** Reloads a project's sessions (after a reset, a deletion, or a call that wrote records). */
export function useReloadSessions(): (projectId: string) => Promise<unknown> {
  const queryClient = useQueryClient();
  return (projectId) =>
    queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(projectId).queryKey });
}

import type { Collection, CollectionList } from '@mocksmith/core/collections';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { projectQueryOptions } from './get-project.ts';
import { projectsUrl } from './get-projects.ts';
import { sessionsQueryOptions } from './get-sessions.ts';

/** `GET /backend/projects/{id}/collections`: the project's collections. */
export async function getCollections(projectId: string): Promise<Collection[]> {
  const { collections } = await apiGet<CollectionList>(projectsUrl(projectId, 'collections'), {
    auth: 'own-403',
  });
  return collections;
}

/**
 * A project's collections, under `['projects', id, 'collections']`: a change of the project's
 * routes (which reloads every key under `['projects']`) reloads them too.
 */
export const collectionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...projectQueryOptions(projectId).queryKey, 'collections'],
    queryFn: () => getCollections(projectId),
  });

export function useCollections(projectId: string) {
  return useQuery(collectionsQueryOptions(projectId));
}

/**
 * Reloads a project's collections and its sessions, as every change of a collection does (a
 * reseed or a deletion clears the sessions' changes to it).
 */
export function useReloadCollections(): (projectId: string) => Promise<unknown> {
  const queryClient = useQueryClient();
  return (projectId) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: collectionsQueryOptions(projectId).queryKey }),
      queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(projectId).queryKey }),
    ]);
}

import type { Collection } from '@mocksmith/core/collections';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { CollectionRef } from './delete-collection.ts';
import { useReloadCollections } from './get-collections.ts';
import { projectsUrl } from './get-projects.ts';

/**
 * `POST /backend/projects/{id}/collections/{collectionId}/reseed`: new seeded records, and every
 * session's changes to the collection cleared; answers the collection.
 */
export function reseedCollection({ projectId, collectionId }: CollectionRef): Promise<Collection> {
  return apiPost(projectsUrl(projectId, 'collections', collectionId, 'reseed'), undefined, {
    auth: 'own-403',
  });
}

export function useReseedCollection() {
  const reload = useReloadCollections();
  return useMutation({
    mutationFn: reseedCollection,
    onSettled: (_data, _error, variables) => reload(variables.projectId),
  });
}

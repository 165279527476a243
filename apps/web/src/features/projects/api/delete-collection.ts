import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { useReloadCollections } from './get-collections.ts';
import { projectsUrl } from './get-projects.ts';

export interface CollectionRef {
  projectId: string;
  collectionId: string;
}

/**
 * `DELETE /backend/projects/{id}/collections/{collectionId}`: the collection and its records in
 * every session go; its URLs stop answering.
 */
export function deleteCollection({ projectId, collectionId }: CollectionRef): Promise<unknown> {
  return apiDelete(projectsUrl(projectId, 'collections', collectionId), undefined, {
    auth: 'own-403',
  });
}

export function useDeleteCollection() {
  const reload = useReloadCollections();
  return useMutation({
    mutationFn: deleteCollection,
    onSettled: (_data, _error, variables) => reload(variables.projectId),
  });
}

import type {
  Collection,
  CreateCollectionInput,
  UpdateCollectionInput,
} from '@mocksmith/core/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch, apiPost } from '../../../lib/api-client.ts';
import { useReloadCollections } from './get-collections.ts';
import { projectQueryOptions } from './get-project.ts';
import { projectsUrl } from './get-projects.ts';

/** A new collection of a project, or the changes of one (what is sent changes). */
export type SaveCollectionVariables =
  | { projectId: string; collectionId?: undefined; input: CreateCollectionInput }
  | { projectId: string; collectionId: string; input: UpdateCollectionInput };

/**
 * `POST /backend/projects/{id}/collections` for a new collection (201), `PATCH
 * .../collections/{collectionId}` to change one. Throws ApiError: 409 COLLECTION_TAKEN when the
 * name or the path is a collection's or a route's, 400 naming a refused name, path, template or
 * count, 403 at the limit of collections.
 */
export function saveCollection(variables: SaveCollectionVariables): Promise<Collection> {
  const { projectId, collectionId, input } = variables;
  return collectionId === undefined
    ? apiPost(projectsUrl(projectId, 'collections'), input, { auth: 'own-403' })
    : apiPatch(projectsUrl(projectId, 'collections', collectionId), input, { auth: 'own-403' });
}

/**
 * Saves a collection, then reloads the project's collections and sessions, and the project
 * itself when routes were replaced by the new collection.
 */
export function useSaveCollection() {
  const reload = useReloadCollections();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCollection,
    onSettled: (_data, _error, variables) =>
      Promise.all([
        reload(variables.projectId),
        'replaceRoutes' in variables.input && variables.input.replaceRoutes
          ? queryClient.invalidateQueries({
              queryKey: projectQueryOptions(variables.projectId).queryKey,
            })
          : undefined,
      ]),
  });
}

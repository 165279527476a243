import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { projectsQueryOptions, projectsUrl } from './get-projects.ts';

/** `DELETE /backend/projects/{id}`: the project and its routes go; its base URL answers 404. */
export function deleteProject(projectId: string): Promise<unknown> {
  return apiDelete(projectsUrl(projectId), undefined, { auth: 'own-403' });
}

/**
 * Deletes a project and reloads the list alone: the project's own query, still watched by the
 * page that is being left, would only fetch a 404.
 */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey, exact: true }),
  });
}

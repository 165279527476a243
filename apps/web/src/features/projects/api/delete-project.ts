import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { projectQueryOptions } from './get-project.ts';
import { projectsQueryOptions, projectsUrl } from './get-projects.ts';

/** `DELETE /backend/projects/{id}`: the project and its routes go; its base URL answers 404. */
export function deleteProject(projectId: string): Promise<unknown> {
  return apiDelete(projectsUrl(projectId), undefined, { auth: 'own-403' });
}

/** Deletes a project, forgets its routes (its page is left) and reloads the list. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, projectId) =>
      queryClient.removeQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey, exact: true }),
  });
}

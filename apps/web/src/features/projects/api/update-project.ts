import type { Project, UpdateProjectInput } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

/** `PATCH /backend/projects/{id}`: renames the project, or moves it to another slug. */
export function updateProject({
  projectId,
  input,
}: {
  projectId: string;
  input: UpdateProjectInput;
}): Promise<Project> {
  return apiPatch(projectsUrl(projectId), input, { auth: 'own-403' });
}

export function useUpdateProject() {
  const reload = useReloadProjects();
  return useMutation({ mutationFn: updateProject, onSettled: reload });
}

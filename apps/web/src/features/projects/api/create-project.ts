import type { CreateProjectInput, Project } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

/**
 * `POST /backend/projects`: a new project; answers where it lives. Throws ApiError: 400 for a
 * refused name or slug, 409 for a slug in use, 403 at the limit of projects.
 */
export function createProject(input: CreateProjectInput): Promise<Pick<Project, 'id' | 'slug'>> {
  return apiPost(projectsUrl(), input, { auth: 'own-403' });
}

export function useCreateProject() {
  const reload = useReloadProjects();
  return useMutation({ mutationFn: createProject, onSettled: reload });
}

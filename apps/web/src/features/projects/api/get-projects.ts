import type { Project, ProjectList } from '@mocksmith/core/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** `/backend/projects`, and the paths under it joined with their parts encoded. */
export function projectsUrl(...parts: string[]): string {
  return [`${apiPaths.backend}/projects`, ...parts.map(encodeURIComponent)].join('/');
}

/** `GET /backend/projects`: the user's projects, newest first. */
export async function getProjects(): Promise<Project[]> {
  // 'own-403': a 403 here is a limit of the projects (PROJECT_LIMIT_REACHED), not a lost session.
  const { projects } = await apiGet<ProjectList>(projectsUrl(), { auth: 'own-403' });
  return projects;
}

/**
 * The user's projects, cached under `['projects']`, the prefix of every project's own key: a
 * change of one reloads the list too.
 */
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: getProjects });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}

import type { ProjectDetail } from '@mocksmith/core/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { projectsQueryOptions, projectsUrl } from './get-projects.ts';

/** `GET /backend/projects/{id}`: the project and its routes; 404 for another user's. */
export function getProject(projectId: string): Promise<ProjectDetail> {
  return apiGet<ProjectDetail>(projectsUrl(projectId), { auth: 'own-403' });
}

/** One project with its routes, under `['projects', id]`. */
export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...projectsQueryOptions().queryKey, projectId],
    queryFn: () => getProject(projectId),
  });

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}

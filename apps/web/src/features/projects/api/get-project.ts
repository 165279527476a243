import type { ProjectDetail, RouteView } from '@mocksmith/core/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { ProjectRoute, ProjectWithRoutes } from '../types.ts';
import { projectsQueryOptions, projectsUrl } from './get-projects.ts';

/** A route as the management API answers it, in core's words. */
export function toProjectRoute({ responseMode, responses, ...route }: RouteView): ProjectRoute {
  return {
    ...route,
    mode: responseMode,
    responses: responses.map(({ default: isDefault, ...response }) => ({ ...response, isDefault })),
  };
}

/** `GET /backend/projects/{id}`: the project and its routes; 404 for another user's. */
export async function getProject(projectId: string): Promise<ProjectWithRoutes> {
  const project = await apiGet<ProjectDetail>(projectsUrl(projectId), { auth: 'own-403' });
  return { ...project, routes: project.routes.map(toProjectRoute) };
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

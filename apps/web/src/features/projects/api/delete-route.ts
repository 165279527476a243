import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

export interface RouteRef {
  projectId: string;
  routeId: string;
}

/** `DELETE /backend/projects/{id}/routes/{routeId}`: the route and its stand-alone URL stop answering. */
export function deleteRoute({ projectId, routeId }: RouteRef): Promise<unknown> {
  return apiDelete(projectsUrl(projectId, 'routes', routeId), undefined, { auth: 'own-403' });
}

export function useDeleteRoute() {
  const reload = useReloadProjects();
  return useMutation({ mutationFn: deleteRoute, onSettled: reload });
}

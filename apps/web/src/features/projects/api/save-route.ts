import type { CreateRouteResult, RouteInput, RouteView } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../../lib/api-client.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

/** Which route to save: a new one (no `routeId`) or one to replace. */
export interface SaveRouteVariables {
  projectId: string;
  routeId?: string;
  input: RouteInput;
}

/**
 * `POST /backend/projects/{id}/routes` for a new route, `PUT .../routes/{routeId}` to replace
 * one. Throws ApiError: 400 naming the field or the response refused, 409 naming the route whose
 * method and path clash, 403 at the limit of routes.
 */
export function saveRoute({
  projectId,
  routeId,
  input,
}: SaveRouteVariables): Promise<CreateRouteResult | RouteView> {
  return routeId === undefined
    ? apiPost(projectsUrl(projectId, 'routes'), input, { auth: 'own-403' })
    : apiPut(projectsUrl(projectId, 'routes', routeId), input, { auth: 'own-403' });
}

/** Saves a route, then reloads the project's routes. */
export function useSaveRoute() {
  const reload = useReloadProjects();
  return useMutation({ mutationFn: saveRoute, onSettled: reload });
}

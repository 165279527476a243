import type { MoveApiInInput } from '@mocksmith/core/projects';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { RouteRef } from './delete-route.ts';
import { projectsUrl } from './get-projects.ts';
import { useReloadProjects } from './reload-projects.ts';

/**
 * `POST /backend/projects/{id}/routes/move`: one of the user's APIs becomes a route at this
 * method and path, its template, options and stand-alone URL kept. Throws ApiError: 409 when the method
 * and path clash with a route's.
 */
export function moveApiIn({
  projectId,
  input,
}: {
  projectId: string;
  input: MoveApiInInput;
}): Promise<unknown> {
  return apiPost(projectsUrl(projectId, 'routes', 'move'), input, { auth: 'own-403' });
}

/** `POST /backend/projects/{id}/routes/{routeId}/move-out`: the route stands alone again. */
export function moveRouteOut({ projectId, routeId }: RouteRef): Promise<unknown> {
  return apiPost(projectsUrl(projectId, 'routes', routeId, 'move-out'), undefined, {
    auth: 'own-403',
  });
}

/**
 * Moves an API in, then reloads the projects; `onMoved` lets the page that composes this
 * feature reload the user's APIs, which it lists with its own key.
 */
export function useMoveApiIn({ onMoved }: { onMoved?: () => unknown } = {}) {
  const reload = useReloadProjects();
  return useMutation({
    mutationFn: moveApiIn,
    onSuccess: () => onMoved?.(),
    onSettled: reload,
  });
}

/** Moves a route out, then reloads the projects (and, with `onMoved`, the user's APIs). */
export function useMoveRouteOut({ onMoved }: { onMoved?: () => unknown } = {}) {
  const reload = useReloadProjects();
  return useMutation({
    mutationFn: moveRouteOut,
    onSuccess: () => onMoved?.(),
    onSettled: reload,
  });
}

import type {
  ProjectDetail,
  ResponseMode,
  RouteResponseView,
  RouteView,
} from '@mocksmith/core/projects';

/**
 * One of the user's stand-alone APIs, as the Add existing API dialog needs it. The page that
 * composes this feature passes them from the APIs' own list (features never import each other).
 */
export interface MovableApi {
  id: string;
  name: string;
  method: string;
  /** Its custom endpoint (`/users/{id}`), the path it is offered at first; null for none. */
  customEndpoint: string | null;
}

/** One named response of a project's route, in core's words (`isDefault`, as a `Route`'s). */
export type ProjectRouteResponse = Omit<RouteResponseView, 'default'> & { isDefault: boolean };

/**
 * A project's route as the screens read it, in core's words (`mode`, `isDefault`, as a
 * `Route`'s). The management API's words (`responseMode`, `default`: its `RouteView`) stop at
 * `api/get-project.ts`, which maps them into this, and at the route editor's draft.
 */
export type ProjectRoute = Omit<RouteView, 'responseMode' | 'responses'> & {
  mode: ResponseMode;
  responses: ProjectRouteResponse[];
};

/** A project and its routes, as its pages read them. */
export type ProjectWithRoutes = Omit<ProjectDetail, 'routes'> & { routes: ProjectRoute[] };

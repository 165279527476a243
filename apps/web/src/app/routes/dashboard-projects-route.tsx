import { useLocation, useParams } from 'react-router';
import { readRoutePrefill } from '../../features/inspector/utils/prefill.ts';
import { RouteEditor } from '../../features/projects/components/route-editor.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

/**
 * The route editor: `/routes/new` for a new route of the project, `/routes/{id}` for one. The
 * request inspector's Make a route and Make a rule open it with a prefill in the location's state.
 */
export default function DashboardProjectsRouteRoute() {
  const { projectId = '', routeId } = useParams();
  const { state } = useLocation();
  useRouteTitle();
  return <RouteEditor projectId={projectId} routeId={routeId} prefill={readRoutePrefill(state)} />;
}

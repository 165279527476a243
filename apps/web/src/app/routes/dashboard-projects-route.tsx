import { useParams } from 'react-router';
import { pageTitle } from '../../config/pages.ts';
import { RouteEditor } from '../../features/projects/components/route-editor.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** The route editor: `/routes/new` for a new route of the project, `/routes/{id}` for one. */
export default function DashboardProjectsRouteRoute() {
  const { projectId = '', routeId } = useParams();
  useDocumentTitle(pageTitle(routeId === undefined ? 'New route' : 'Edit route'));
  return <RouteEditor projectId={projectId} routeId={routeId} />;
}

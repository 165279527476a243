import { ProjectsList } from '../../features/projects/components/projects-list.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

export default function DashboardProjectsRoute() {
  useRouteTitle();
  return <ProjectsList />;
}

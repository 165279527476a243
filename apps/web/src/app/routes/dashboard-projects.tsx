import { pageTitles } from '../../config/pages.ts';
import { ProjectsList } from '../../features/projects/components/projects-list.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function DashboardProjectsRoute() {
  useDocumentTitle(pageTitles.projects());
  return <ProjectsList />;
}

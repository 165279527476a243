import { useParams } from 'react-router';
import { testUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import { ProjectAnalytics } from '../components/project-analytics.tsx';

function AnalyticsAt() {
  const { projectId = '' } = useParams();
  return <ProjectAnalytics projectId={projectId} />;
}

/** The analytics section of project `projectId`, signed in, as a project's page mounts it. */
export function renderAnalytics(projectId: string) {
  return renderApp([{ path: '/dashboard/projects/:projectId', element: <AnalyticsAt /> }], {
    at: `/dashboard/projects/${projectId}`,
    user: testUser,
  });
}

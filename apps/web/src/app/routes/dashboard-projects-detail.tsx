import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { ProjectAnalytics } from '../../features/analytics/components/project-analytics.tsx';
import { apisQueryOptions, useApis } from '../../features/apis/api/get-apis.ts';
import { useProject } from '../../features/projects/api/get-project.ts';
import { ProjectPage } from '../../features/projects/components/project-page.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';
import { shellProjectName } from '../../lib/shell-facts.ts';

/**
 * A project's page. Add existing API offers the user's stand-alone APIs (the APIs feature's
 * list), which a move in or out changes: both features meet here; its analytics follow it.
 */
export default function DashboardProjectsDetailRoute() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  // The name its shell's title carries, where the server sent one, until the project is read.
  useRouteTitle(project.data?.name ?? shellProjectName(projectId));
  // Under the page's content, which renders deferred (project-page.tsx): with it, not above it.
  const loaded = useDeferredValue(project.data) !== undefined;
  const { user } = useAuth();
  const apis = useApis();
  const queryClient = useQueryClient();
  const userId = user?.userId ?? null;
  return (
    <>
      <ProjectPage
        projectId={projectId}
        apis={apis.data ?? []}
        onApisChanged={() => {
          if (userId) return queryClient.invalidateQueries(apisQueryOptions(userId));
        }}
      />
      {loaded ? (
        <div className="mx-auto max-w-6xl px-4 pb-8">
          <ProjectAnalytics projectId={projectId} />
        </div>
      ) : null}
    </>
  );
}

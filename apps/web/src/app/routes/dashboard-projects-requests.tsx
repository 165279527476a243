import { ErrorCode } from '@mocksmith/core/errors';
import { Link as RouterLink, useParams } from 'react-router';
import { textLinkClasses } from '../../components/ui/text-link.ts';
import { paths } from '../../config/paths.ts';
import {
  InspectorHeading,
  InspectorPage,
  inspectorPageClasses,
} from '../../features/inspector/components/inspector-page.tsx';
import { inspectorTexts } from '../../features/inspector/texts.ts';
import { useProject } from '../../features/projects/api/get-project.ts';
import { useReloadProjects } from '../../features/projects/api/reload-projects.ts';
import { projectPath } from '../../features/projects/components/projects-list.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { ApiError } from '../../lib/api-client.ts';
import { shellProjectName } from '../../lib/shell-facts.ts';

/**
 * A project's request inspector. The project (its name, base URL, settings and routes) comes
 * from the projects feature; a change of its logging reloads it there.
 */
export default function DashboardProjectsRequestsRoute() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const reload = useReloadProjects();
  useRouteTitle(project.data?.name ?? shellProjectName(projectId));

  if (project.data) {
    return <InspectorPage project={project.data} onProjectChanged={reload} />;
  }
  // The name the server sent with the page, where it did: the heading its shell painted.
  const name = shellProjectName(projectId);
  return (
    <div className={inspectorPageClasses}>
      {project.isError ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Requests</h1>
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {project.error instanceof ApiError &&
            (project.error.status === 404 || project.error.code === ErrorCode.PROJECT_NOT_FOUND)
              ? 'This project does not exist, or it is not yours.'
              : `The project could not be loaded: ${project.error.message}`}
          </p>
          <RouterLink to={paths.dashboardProjects} className={textLinkClasses}>
            Back to your projects
          </RouterLink>
        </>
      ) : (
        <>
          {name === undefined ? null : (
            <InspectorHeading
              back={projectPath(projectId)}
              name={name}
              retention={inspectorTexts.retention}
              state="connecting"
            />
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading the project...</p>
        </>
      )}
    </div>
  );
}

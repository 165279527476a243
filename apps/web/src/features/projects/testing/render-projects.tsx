import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { testUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import { ProjectPage } from '../components/project-page.tsx';
import { ProjectsList } from '../components/projects-list.tsx';
import { RouteEditor } from '../components/route-editor.tsx';
import type { MovableApi } from '../types.ts';

// happy-dom's selects have no `size` (a browser's is 0), so react-hook-form takes a select it
// registers before the form is ready for one the user changed, and keeps its first option
// instead of the stored value. The browser's value, until happy-dom has it.
if (typeof HTMLSelectElement !== 'undefined' && !('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

function ProjectAt({ apis }: { apis: readonly MovableApi[] }) {
  const { projectId = '' } = useParams();
  return <ProjectPage projectId={projectId} apis={apis} />;
}

function RouteAt() {
  const { projectId = '', routeId } = useParams();
  return <RouteEditor projectId={projectId} routeId={routeId} />;
}

/**
 * The projects screens at `at`, signed in, in the dashboard's paths (the list, a project's
 * page, the route editor), with `apis` offered by Add existing API.
 */
export function renderProjects(at: string, { apis = [] }: { apis?: readonly MovableApi[] } = {}) {
  return renderApp(
    [
      { path: paths.dashboardProjects, element: <ProjectsList /> },
      { path: paths.dashboardProject, element: <ProjectAt apis={apis} /> },
      { path: paths.dashboardProjectNewRoute, element: <RouteAt /> },
      { path: paths.dashboardProjectRoute, element: <RouteAt /> },
    ],
    { at, user: testUser },
  );
}

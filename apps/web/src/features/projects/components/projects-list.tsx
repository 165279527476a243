import type { Project } from '@mocksmith/core/projects';
import { CalendarDays, Database, FileUp, FolderTree, Plus, Route as RouteIcon } from 'lucide-react';
import { useState } from 'react';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useProjects } from '../api/get-projects.ts';
import { projectTexts } from '../texts.ts';
import { countOf } from '../utils/routes.ts';
import { ProjectFormDialog, UploadFilesDialog } from './lazy-dialogs.ts';
import { ProjectsIntro, projectsHeaderClasses, projectsPageClasses } from './projects-intro.tsx';

/** The page of one project. */
export function projectPath(projectId: string): string {
  return generatePath(paths.dashboardProject, { projectId });
}

/**
 * The Projects screen: the user's projects as cards (name, base URL, routes, collections, last
 * change), the
 * empty state that says what a project is, and the New project dialog, which opens the new
 * project's page once it is made.
 */
export function ProjectsList() {
  const projects = useProjects();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const list = projects.data ?? [];

  const newButton = (
    <div className="flex flex-wrap justify-center gap-2">
      <Button onClick={() => setCreating(true)}>
        <Plus className="size-4" aria-hidden="true" />
        New project
      </Button>
      <Button variant="secondary" onClick={() => setUploading(true)}>
        <FileUp className="size-4" aria-hidden="true" />
        Upload files
      </Button>
    </div>
  );

  return (
    <div className={projectsPageClasses}>
      <div className={projectsHeaderClasses}>
        <ProjectsIntro />
        {list.length > 0 ? newButton : null}
      </div>
      {projects.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading your projects...</p>
      ) : projects.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Your projects could not be loaded: {projects.error.message}
        </p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <FolderTree className="size-8 text-slate-500" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{projectTexts.emptyTitle}</h2>
          <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
            {projectTexts.emptyLine}
          </p>
          {newButton}
        </div>
      ) : (
        <ul aria-label="Your projects" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
      <ProjectFormDialog
        mode="create"
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => navigate(projectPath(created.id))}
      />
      <UploadFilesDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onCreated={(created) => navigate(projectPath(created.project.id))}
      />
    </div>
  );
}

function ProjectCard({ project }: { project: Project }) {
  return (
    <article
      aria-label={project.name}
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">
        <RouterLink to={projectPath(project.id)} className={textLinkClasses}>
          {project.name}
        </RouterLink>
      </h2>
      <code className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all dark:bg-slate-950">
        {project.baseUrl}
      </code>
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="flex items-center gap-1">
          <RouteIcon className="size-3.5" aria-hidden="true" />
          {countOf(project.routeCount, 'route')}
        </span>
        <span className="flex items-center gap-1">
          <Database className="size-3.5" aria-hidden="true" />
          {countOf(project.collectionCount, 'collection')}
        </span>
        <span className="flex items-center gap-1">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          Updated {formatDate(project.updatedAt)}
        </span>
      </p>
    </article>
  );
}

import { describeProfile } from '@mocksmith/core/network';
import { Activity, ChevronLeft, Pencil, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { generatePath, Link as RouterLink } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { projectTexts } from '../texts.ts';
import type { ProjectWithRoutes } from '../types.ts';
import { CopyUrlButton } from './copy-url-button.tsx';

/**
 * The head of a project's page: the way back to the list, the name with Edit, Settings and
 * Requests (the request inspector), the base URL (and the wildcard one, when the deployment has
 * a wildcard host), each with Copy, and the project's network profile when it has one.
 */
export function ProjectHeader({
  project,
  onEdit,
  onSettings,
}: {
  project: ProjectWithRoutes;
  onEdit: () => void;
  onSettings: () => void;
}) {
  return (
    <ProjectHeading
      name={project.name}
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label="Edit project">
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={onSettings} aria-label="Project settings">
            <Settings className="size-4" aria-hidden="true" />
            Settings
          </Button>
          <RouterLink
            to={generatePath(paths.dashboardProjectRequests, { projectId: project.id })}
            className={buttonClasses('ghost', 'sm')}
          >
            <Activity className="size-4" aria-hidden="true" />
            Requests
          </RouterLink>
        </>
      }
    >
      <dl className="flex flex-col gap-2 text-sm">
        <UrlLine
          term="Base URL"
          url={project.baseUrl}
          copyLabel="Copy base URL"
          copied={projectTexts.baseUrlCopied}
        />
        {project.wildcardUrl ? (
          <UrlLine
            term="Wildcard URL"
            url={project.wildcardUrl}
            copyLabel="Copy wildcard URL"
            copied={projectTexts.wildcardUrlCopied}
          />
        ) : null}
        {project.settings.network ? (
          <div className="flex flex-wrap items-center gap-2">
            <dt className="w-full shrink-0 font-medium text-slate-700 sm:w-28 dark:text-slate-300">
              Network
            </dt>
            <dd className="min-w-0 flex-1 text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
              {describeProfile(project.settings.network)}
            </dd>
          </div>
        ) : null}
      </dl>
    </ProjectHeading>
  );
}

/**
 * The way back to the list and the project's name, with `actions` beside the name and
 * `children` under it: the whole head once the project is loaded, and alone in its place before
 * (the shell the server fills with the name, and the page's first render from it).
 */
export function ProjectHeading({
  name,
  actions,
  children,
}: {
  name: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <RouterLink
        to={paths.dashboardProjects}
        className={`${textLinkClasses} inline-flex w-fit items-center gap-1 text-sm`}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Projects
      </RouterLink>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="min-w-0 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
          {name}
        </h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

function UrlLine({
  term,
  url,
  copyLabel,
  copied,
}: {
  term: string;
  url: string;
  copyLabel: string;
  copied: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <dt className="w-full shrink-0 font-medium text-slate-700 sm:w-28 dark:text-slate-300">
        {term}
      </dt>
      {/* The URL breaks anywhere, to leave Copy room on its line at any width. */}
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        <code className="min-w-0 rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-900">
          {url}
        </code>
        <CopyUrlButton url={url} label={copyLabel} copied={copied} />
      </dd>
    </div>
  );
}

import type { Collection } from '@mocksmith/core/collections';
import { ErrorCode } from '@mocksmith/core/errors';
import { FileJson2, FileUp, FolderGit2, FolderInput, Plus, Send, Trash2 } from 'lucide-react';
import { type ReactNode, useDeferredValue, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { shellProjectName } from '../../../lib/shell-facts.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { useDeleteRoute } from '../api/delete-route.ts';
import { EXPORT_FORMATS, type ExportFormat, exportProject } from '../api/export-project.ts';
import { useProject } from '../api/get-project.ts';
import { useMoveRouteOut } from '../api/move-route.ts';
import { projectTexts } from '../texts.ts';
import type { MovableApi, ProjectRoute, ProjectWithRoutes } from '../types.ts';
import { type CollectionSeed, collectionSeedFromRoute } from '../utils/collections.ts';
import { countOf, routeLabel } from '../utils/routes.ts';
import { CollectionsSection } from './collections-section.tsx';
import {
  CollectionFormDialog,
  FilesDialog,
  ImportDialog,
  MoveApiDialog,
  ProjectFormDialog,
  ProjectSettingsDialog,
  RouteTestDialog,
} from './lazy-dialogs.ts';
import { ProjectHeader, ProjectHeading } from './project-header.tsx';
import { RecordedSection } from './recorded-section.tsx';
import { RouteTable, routeEditorPath } from './route-table.tsx';
import { SessionsSection } from './sessions-section.tsx';

/** Whether a project's call answered that there is no such project (or not the user's). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 || error.code === ErrorCode.PROJECT_NOT_FOUND)
  );
}

/**
 * A project's page: its header (name, base URL with Copy), the actions on the project (add a
 * route, add an existing API, import, export, delete), its route table with each route's Edit,
 * Test, Make collection, Move out and Delete, its collections and its sessions. `apis` are the user's stand-alone APIs, offered by Add
 * existing API; `onApisChanged` reloads them after a move either way.
 */
export function ProjectPage({
  projectId,
  apis,
  onApisChanged,
}: {
  projectId: string;
  apis: readonly MovableApi[];
  onApisChanged?: () => unknown;
}) {
  const project = useProject(projectId);
  // The page's content renders in the background, in slices, rather than in the task the answer
  // came in (one long task of the routes, collections and sessions).
  const data = useDeferredValue(project.data);

  if (project.isPending || (project.isSuccess && data === undefined)) {
    // The name the server sent with the page, where it did: the heading its shell painted.
    const name = project.data?.name ?? shellProjectName(projectId);
    return (
      <PageFrame>
        {name === undefined ? null : <ProjectHeading name={name} />}
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the project...</p>
      </PageFrame>
    );
  }
  if (project.isError) {
    return (
      <PageFrame>
        <h1 className="text-3xl font-bold tracking-tight">Project</h1>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {isMissing(project.error)
            ? projectTexts.notFound
            : `The project could not be loaded: ${project.error.message}`}
        </p>
        <RouterLink to={paths.dashboardProjects} className={textLinkClasses}>
          Back to your projects
        </RouterLink>
      </PageFrame>
    );
  }
  if (data === undefined) return null;
  return <LoadedProject project={data} apis={apis} onApisChanged={onApisChanged} />;
}

/** The frame of a project's page, loaded or not (and of its shell's heading, entry-server.tsx). */
export const projectPageClasses = 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8';

function PageFrame({ children }: { children: ReactNode }) {
  return <div className={projectPageClasses}>{children}</div>;
}

function LoadedProject({
  project,
  apis,
  onApisChanged,
}: {
  project: ProjectWithRoutes;
  apis: readonly MovableApi[];
  onApisChanged?: () => unknown;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deletingProject, setDeletingProject] = useState(false);
  const [importing, setImporting] = useState(false);
  const [filesOpen, setFilesOpen] = useState(false);
  const [movingIn, setMovingIn] = useState(false);
  const [testing, setTesting] = useState<ProjectRoute | null>(null);
  const [testingCollection, setTestingCollection] = useState<Collection | null>(null);
  const [collectionSeed, setCollectionSeed] = useState<CollectionSeed | null>(null);
  const [movingOut, setMovingOut] = useState<ProjectRoute | null>(null);
  const [removing, setRemoving] = useState<ProjectRoute | null>(null);
  const deleteProject = useDeleteProject();
  const deleteRoute = useDeleteRoute();
  const moveOut = useMoveRouteOut({ onMoved: onApisChanged });

  function handleDeleteProject() {
    deleteProject.mutate(project.id, {
      onSuccess: () => {
        toast.success(projectTexts.deleted(project.name));
        setDeletingProject(false);
        navigate(paths.dashboardProjects);
      },
      onError: (error) =>
        toast.error(projectTexts.deleteFailed, {
          description: toUserMessage(error, projectTexts.deleteFailed),
        }),
    });
  }

  function handleDeleteRoute() {
    if (!removing) return;
    const label = routeLabel(removing);
    deleteRoute.mutate(
      { projectId: project.id, routeId: removing.id },
      {
        onSuccess: () => {
          toast.success(projectTexts.routeDeleted(label));
          setRemoving(null);
        },
        onError: (error) =>
          toast.error(projectTexts.routeDeleteFailed, {
            description: toUserMessage(error, projectTexts.routeDeleteFailed),
          }),
      },
    );
  }

  function handleMoveOut() {
    if (!movingOut) return;
    const label = routeLabel(movingOut);
    moveOut.mutate(
      { projectId: project.id, routeId: movingOut.id },
      {
        onSuccess: () => {
          toast.success(projectTexts.movedOut(label));
          setMovingOut(null);
        },
        onError: (error) => {
          toast.error(projectTexts.moveOutFailed, {
            description: toUserMessage(error, projectTexts.moveOutFailed),
          });
          setMovingOut(null);
        },
      },
    );
  }

  return (
    <PageFrame>
      <ProjectHeader
        project={project}
        onEdit={() => setEditing(true)}
        onSettings={() => setSettingsOpen(true)}
      />
      <div className="flex flex-wrap gap-2">
        <RouterLink to={routeEditorPath(project.id)} className={buttonClasses('primary', 'sm')}>
          <Plus className="size-4" aria-hidden="true" />
          Add route
        </RouterLink>
        <Button variant="secondary" size="sm" onClick={() => setMovingIn(true)}>
          <FolderInput className="size-4" aria-hidden="true" />
          Add existing API
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
          <FileUp className="size-4" aria-hidden="true" />
          Import OpenAPI
        </Button>
        <ExportButton project={project} format="openapi" />
        <ExportButton project={project} format="postman" />
        <Button variant="secondary" size="sm" onClick={() => setFilesOpen(true)}>
          <FolderGit2 className="size-4" aria-hidden="true" />
          Files
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDeletingProject(true)}>
          <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
          Delete project
        </Button>
      </div>
      <section aria-labelledby="routes-title" className="flex min-w-0 flex-col gap-3">
        <h2 id="routes-title" className="text-lg font-semibold">
          Routes{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
            ({countOf(project.routes.length, 'route')})
          </span>
        </h2>
        {project.routes.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="font-medium">{projectTexts.noRoutesTitle}</p>
            <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
              {projectTexts.noRoutesLine}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <RouterLink to={routeEditorPath(project.id)} className={buttonClasses('primary')}>
                <Plus className="size-4" aria-hidden="true" />
                Add route
              </RouterLink>
              <Button variant="secondary" onClick={() => setImporting(true)}>
                <FileUp className="size-4" aria-hidden="true" />
                Import OpenAPI
              </Button>
            </div>
          </div>
        ) : (
          <>
            <RouteTable
              projectId={project.id}
              routes={project.routes}
              actions={{
                test: setTesting,
                makeCollection: (route) => setCollectionSeed(collectionSeedFromRoute(route)),
                moveOut: setMovingOut,
                remove: setRemoving,
              }}
            />
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {projectTexts.answeredNote}
            </p>
          </>
        )}
      </section>
      <RecordedSection proxy={project.settings.proxy} />
      <CollectionsSection project={project} onTest={setTestingCollection} />
      <SessionsSection project={project} />

      <ProjectFormDialog
        mode="edit"
        project={project}
        open={editing}
        onClose={() => setEditing(false)}
      />
      <ProjectSettingsDialog
        project={project}
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
      />
      <ConfirmDialog
        open={deletingProject}
        title="Delete this project?"
        description={`“${project.name}” and its ${countOf(project.routes.length, 'route')} will be deleted, and its base URL will stop answering. This cannot be undone.`}
        confirmLabel="Delete project"
        busyLabel="Deleting..."
        busy={deleteProject.isPending}
        onConfirm={handleDeleteProject}
        onClose={() => setDeletingProject(false)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Delete this route?"
        description={`${removing ? routeLabel(removing) : ''} will be deleted, with its responses: its URLs will stop answering. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteRoute.isPending}
        onConfirm={handleDeleteRoute}
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={movingOut !== null}
        title="Move this route out?"
        description={`${movingOut ? routeLabel(movingOut) : ''} becomes a stand-alone API again, listed with your APIs and answering at its own URL only: it leaves this project’s base URL.`}
        confirmLabel="Move out"
        busyLabel="Moving..."
        variant="primary"
        busy={moveOut.isPending}
        onConfirm={handleMoveOut}
        onClose={() => setMovingOut(null)}
      />
      <RouteTestDialog
        project={project}
        route={testing}
        collection={testingCollection}
        onClose={() => {
          setTesting(null);
          setTestingCollection(null);
        }}
      />
      <CollectionFormDialog
        mode="create"
        project={project}
        seed={collectionSeed}
        onClose={() => setCollectionSeed(null)}
      />
      <ImportDialog projectId={project.id} open={importing} onClose={() => setImporting(false)} />
      <FilesDialog project={project} open={filesOpen} onClose={() => setFilesOpen(false)} />
      <MoveApiDialog
        projectId={project.id}
        apis={apis}
        open={movingIn}
        onClose={() => setMovingIn(false)}
        onMoved={onApisChanged}
      />
    </PageFrame>
  );
}

/** Export OpenAPI / Export Postman: the file named after the slug, one download at a time. */
function ExportButton({ project, format }: { project: ProjectWithRoutes; format: ExportFormat }) {
  const [exporting, setExporting] = useState(false);
  const busy = useRef(false);
  const { label } = EXPORT_FORMATS[format];

  async function handleExport() {
    if (busy.current) return;
    busy.current = true;
    setExporting(true);
    try {
      toast.success(projectTexts.exported(await exportProject(project, format)));
    } catch (error) {
      toast.error(projectTexts.exportFailed(label), {
        description: toUserMessage(error, projectTexts.exportFailed(label)),
      });
    } finally {
      busy.current = false;
      setExporting(false);
    }
  }

  const Icon = format === 'openapi' ? FileJson2 : Send;
  return (
    <Button variant="secondary" size="sm" onClick={handleExport} disabled={exporting}>
      <Icon className="size-4" aria-hidden="true" />
      {exporting ? 'Exporting...' : `Export ${label}`}
    </Button>
  );
}

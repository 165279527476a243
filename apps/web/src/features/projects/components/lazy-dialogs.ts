import type { ComponentProps } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import type { CollectionFormDialogProps } from './collection-form-dialog.tsx';
import type { FilesDialog as FilesDialogNow } from './files-dialog.tsx';
import type { ImportDialog as ImportDialogNow } from './import-dialog.tsx';
import type { MoveApiDialog as MoveApiDialogNow } from './move-api-dialog.tsx';
import type { ProjectFormDialogProps } from './project-form-dialog.tsx';
import type { ProjectSettingsDialog as ProjectSettingsDialogNow } from './project-settings-dialog.tsx';
import type { RouteTestDialog as RouteTestDialogNow } from './route-test-dialog.tsx';
import type { UploadFilesDialog as UploadFilesDialogNow } from './upload-files-dialog.tsx';

// The project pages' dialogs, each loaded when it first opens (components/lazy-dialog.tsx): the
// project forms, the rules' regular-expression engine, the import and the Test panel are not
// what a project's page shows first.

export const ProjectFormDialog = lazyDialog<ProjectFormDialogProps>(
  () => import('./project-form-dialog.tsx').then((module) => module.ProjectFormDialog),
  (props) => props.open,
);

export const ProjectSettingsDialog = lazyDialog<ComponentProps<typeof ProjectSettingsDialogNow>>(
  () => import('./project-settings-dialog.tsx').then((module) => module.ProjectSettingsDialog),
  (props) => props.open,
);

export const CollectionFormDialog = lazyDialog<CollectionFormDialogProps>(
  () => import('./collection-form-dialog.tsx').then((module) => module.CollectionFormDialog),
  (props) => (props.mode === 'create' ? props.seed !== null : props.collection !== null),
);

export const RouteTestDialog = lazyDialog<ComponentProps<typeof RouteTestDialogNow>>(
  () => import('./route-test-dialog.tsx').then((module) => module.RouteTestDialog),
  (props) => props.route !== null || (props.collection ?? null) !== null,
);

export const ImportDialog = lazyDialog<ComponentProps<typeof ImportDialogNow>>(
  () => import('./import-dialog.tsx').then((module) => module.ImportDialog),
  (props) => props.open,
);

export const MoveApiDialog = lazyDialog<ComponentProps<typeof MoveApiDialogNow>>(
  () => import('./move-api-dialog.tsx').then((module) => module.MoveApiDialog),
  (props) => props.open,
);

export const FilesDialog = lazyDialog<ComponentProps<typeof FilesDialogNow>>(
  () => import('./files-dialog.tsx').then((module) => module.FilesDialog),
  (props) => props.open,
);

export const UploadFilesDialog = lazyDialog<ComponentProps<typeof UploadFilesDialogNow>>(
  () => import('./upload-files-dialog.tsx').then((module) => module.UploadFilesDialog),
  (props) => props.open,
);

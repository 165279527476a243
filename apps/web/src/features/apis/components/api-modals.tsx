import { type ReactNode, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import type { Api } from '../types.ts';

type ApiDialogProps = { api: Api | null; onClose: () => void };
const isOpen = (props: ApiDialogProps) => props.api !== null;

// Each loaded when it first opens: the edit form and its template editor, the Test panel and the
// confirmation are not what a list of APIs shows first.
const TestApiModal = lazyDialog<ApiDialogProps>(
  () => import('./test-api-modal.tsx').then((module) => module.TestApiModal),
  isOpen,
);
const EditApiModal = lazyDialog<ApiDialogProps>(
  () => import('./edit-api-modal.tsx').then((module) => module.EditApiModal),
  isOpen,
);
const DeleteApiDialog = lazyDialog<ApiDialogProps>(
  () => import('./delete-api-dialog.tsx').then((module) => module.DeleteApiDialog),
  isOpen,
);

/** What a list of APIs can open for one of them. */
export interface ApiActions {
  test: (api: Api) => void;
  edit: (api: Api) => void;
  remove: (api: Api) => void;
  /**
   * Opens the API's analytics; where given (the API page), the API's Requests (its inspector)
   * and Analytics are offered beside its other actions.
   */
  analytics?: (api: Api) => void;
}

/** The Test, Edit and Delete modals of a list of APIs, and the actions that open them. */
export function useApiModals(): { actions: ApiActions; modals: ReactNode } {
  const [testing, setTesting] = useState<Api | null>(null);
  const [editing, setEditing] = useState<Api | null>(null);
  const [deleting, setDeleting] = useState<Api | null>(null);
  return {
    actions: { test: setTesting, edit: setEditing, remove: setDeleting },
    modals: (
      <>
        <TestApiModal api={testing} onClose={() => setTesting(null)} />
        <EditApiModal api={editing} onClose={() => setEditing(null)} />
        <DeleteApiDialog api={deleting} onClose={() => setDeleting(null)} />
      </>
    ),
  };
}

import type { UserApi } from '@mocksmith/core/schemas';
import { useState } from 'react';
import { DeleteTemplateDialog } from './delete-template-dialog.tsx';
import { EditTemplateModal } from './edit-template-modal.tsx';
import { TestApiModal } from './test-api-modal.tsx';

/** What a list of APIs can open for one of them. */
export interface TemplateActions {
  test: (template: UserApi) => void;
  edit: (template: UserApi) => void;
  remove: (template: UserApi) => void;
}

/** The Test, Edit and Delete modals of a list of APIs, and the actions that open them. */
export function useTemplateModals(): { actions: TemplateActions; modals: React.ReactNode } {
  const [testing, setTesting] = useState<UserApi | null>(null);
  const [editing, setEditing] = useState<UserApi | null>(null);
  const [deleting, setDeleting] = useState<UserApi | null>(null);
  return {
    actions: { test: setTesting, edit: setEditing, remove: setDeleting },
    modals: (
      <>
        <TestApiModal template={testing} onClose={() => setTesting(null)} />
        <EditTemplateModal template={editing} onClose={() => setEditing(null)} />
        <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
      </>
    ),
  };
}

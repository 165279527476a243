import { apiMessages, type UserApi } from '@mocksmith/core/schemas';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { useTemplateMutations } from '../api/save-template.ts';

/** The delete confirmation: Cancel / Delete, 'Deleting...' while the call runs. */
export function DeleteTemplateDialog({
  template,
  onClose,
}: {
  template: UserApi | null;
  onClose: () => void;
}) {
  const { remove } = useTemplateMutations();
  const [busy, setBusy] = useState(false);

  async function handleDelete() {
    if (!template || busy) return;
    setBusy(true);
    try {
      await remove.mutateAsync(template);
      toast.success(apiMessages.deleted);
      onClose();
    } catch {
      toast.error(apiMessages.deleteFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={template !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogContentClasses()}>
          <AlertDialog.Title className="text-lg font-semibold">Delete this API?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            “{template?.name}” will be deleted and its URL will stop answering. This cannot be
            undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant="danger" onClick={handleDelete} disabled={busy}>
              {busy ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

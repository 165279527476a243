import { apiMessages } from '@mocksmith/core/texts';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteApi } from '../api/delete-api.ts';
import type { Api } from '../types.ts';

/** The delete confirmation: Cancel / Delete, 'Deleting...' while the call runs. */
export function DeleteApiDialog({ api, onClose }: { api: Api | null; onClose: () => void }) {
  const deleteApi = useDeleteApi();
  const busy = deleteApi.isPending;

  function handleDelete() {
    if (!api || busy) return;
    deleteApi.mutate(api, {
      onSuccess: () => {
        toast.success(apiMessages.deleted);
        onClose();
      },
      onError: () => toast.error(apiMessages.deleteFailed),
    });
  }

  return (
    <AlertDialog.Root open={api !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogContentClasses()}>
          <AlertDialog.Title className="text-lg font-semibold">Delete this API?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            “{api?.name}” will be deleted and its URL will stop answering. This cannot be undone.
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

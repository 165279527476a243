import { apiMessages } from '@mocksmith/core/texts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteApi } from '../api/delete-api.ts';
import type { Api } from '../types.ts';

/** The delete confirmation: Cancel / Delete, 'Deleting...' while the call runs. */
export function DeleteApiDialog({ api, onClose }: { api: Api | null; onClose: () => void }) {
  const deleteApi = useDeleteApi();

  function handleDelete() {
    if (!api) return;
    deleteApi.mutate(api, {
      onSuccess: () => {
        toast.success(apiMessages.deleted);
        onClose();
      },
      onError: () => toast.error(apiMessages.deleteFailed),
    });
  }

  return (
    <ConfirmDialog
      open={api !== null}
      title="Delete this API?"
      description={`“${api?.name}” will be deleted and its URL will stop answering. This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleteApi.isPending}
      onConfirm={handleDelete}
      onClose={onClose}
    />
  );
}

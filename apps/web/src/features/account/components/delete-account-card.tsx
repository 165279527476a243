import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { accountTexts } from '../texts.ts';
import { SettingsCard } from './settings-card.tsx';

/**
 * Account Management: what deletion removes, and the confirmation. Success ends the session,
 * clears local storage and goes to /; a failure shows a toast. The dialog closes either way.
 */
export function DeleteAccountCard() {
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const busy = deleteAccount.isPending;

  function handleDelete() {
    if (busy) return;
    deleteAccount.mutate(undefined, {
      onError: () => toast.error(accountTexts.deleteFailed),
      onSettled: () => setOpen(false),
    });
  }

  return (
    <SettingsCard
      title="Account Management"
      icon={Trash2}
      iconClassName="text-red-600 dark:text-red-400"
    >
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        Deleting your account removes, for good:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">
        <li>all your API templates</li>
        <li>the mock APIs generated from them (their URLs stop answering)</li>
        <li>your personal settings and preferences</li>
      </ul>
      <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <AlertDialog.Trigger asChild>
          <Button variant="danger" className="mt-5">
            Delete My Account
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={overlayClasses} />
          <AlertDialog.Content className={dialogContentClasses()}>
            <AlertDialog.Title className="text-lg font-semibold">
              Delete your account?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {accountTexts.deleteConfirm}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
                Cancel
              </AlertDialog.Cancel>
              <Button variant="danger" onClick={handleDelete} disabled={busy}>
                {busy ? 'Deleting...' : 'Delete Account'}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </SettingsCard>
  );
}

import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant, buttonClasses } from './button.tsx';
import { dialogContentClasses, overlayClasses } from './dialog-classes.ts';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, as the dialog's accessible name: 'Delete this API?'. */
  title: string;
  /** What the action does, in the reader's words. */
  description: ReactNode;
  /** The confirming button: 'Delete'. */
  confirmLabel: string;
  /** The confirming button while the action runs: 'Deleting...'. */
  busyLabel: string;
  /** The action runs: both buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** `danger` for what cannot be taken back (the default), `primary` for a reverse. */
  variant?: Extract<ButtonVariant, 'danger' | 'primary'>;
  /** Starts the action; the caller closes the dialog (`onClose`) when it is done. */
  onConfirm: () => void;
  /** Cancel, Escape, or the caller once the action is done; never while busy. */
  onClose: () => void;
}

/**
 * The one yes/no question of the app before an action that is hard to take back (Delete an API,
 * Ban, Unpublish, Disable API): Cancel and the action, which reads `busyLabel` while it runs.
 */
export function ConfirmDialogPanel({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  variant = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogContentClasses()}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <Button
              variant={variant}
              onClick={() => !busy && onConfirm()}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

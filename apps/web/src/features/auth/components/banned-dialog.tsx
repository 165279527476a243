import { authMessages } from '@mocksmith/core/texts';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { site } from '../../../config/site.ts';
import { authTexts } from '../texts.ts';

/** The Account Banned dialog (spec section 8), with a way to reach support and a Close button. */
export function BannedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogContentClasses()}>
          <div className="flex items-center gap-3">
            <ShieldAlert
              className="size-6 shrink-0 text-red-600 dark:text-red-400"
              aria-hidden="true"
            />
            <AlertDialog.Title className="text-lg font-semibold">
              {authTexts.bannedTitle}
            </AlertDialog.Title>
          </div>
          <AlertDialog.Description className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            {authMessages.banned}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <a href={`mailto:${site.supportEmail}`} className={buttonClasses('secondary')}>
              Contact support
            </a>
            <AlertDialog.Cancel className={buttonClasses('primary')}>Close</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

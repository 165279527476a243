import { authMessages } from '@mocksmith/core/auth';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
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
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
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

import * as Dialog from '@radix-ui/react-dialog';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { cn } from '../../../lib/cn.ts';
import { analyticsTexts } from '../texts.ts';
import { ApiAnalytics } from './project-analytics.tsx';

/**
 * A stand-alone API's Analytics section in a dialog, titled with its name: the API page opens it
 * from the API's card. Closed while `api` is null.
 */
export function ApiAnalyticsDialog({
  api,
  onClose,
}: {
  api: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={api !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')} {...focusReturn}>
          <DialogHeader title={api?.name ?? ''} description={analyticsTexts.apiLine} />
          {api ? <ApiAnalytics apiId={api.id} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

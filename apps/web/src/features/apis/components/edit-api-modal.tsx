import * as Dialog from '@radix-ui/react-dialog';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { cn } from '../../../lib/cn.ts';
import type { Api } from '../types.ts';
import { ApiForm } from './api-form.tsx';

/**
 * The Edit Template modal: the API form filled from one API. Keyed by the API, so each opening
 * starts from what is stored.
 */
export function EditApiModal({ api, onClose }: { api: Api | null; onClose: () => void }) {
  return (
    <Dialog.Root open={api !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          className={cn(dialogContentClasses('wide'), 'space-y-4')}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <DialogHeader
            title="Edit Template"
            description="Changes are served at the API's URL as soon as they are saved."
          />
          {api ? <ApiForm key={api.id} mode="edit" api={api} onDone={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

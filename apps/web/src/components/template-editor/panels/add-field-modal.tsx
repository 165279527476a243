import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../ui/dialog-classes.ts';
import type { DialogFieldType } from '../text/field-types.ts';
import { AddFieldForm } from './add-field-form.tsx';

/**
 * The open 'Add New Field' dialog: a name and a type; adding hands them over and closes. Closing
 * puts the focus back on the button that opened it.
 */
export function AddFieldModal({
  onAdd,
  onClose,
  opener,
}: {
  onAdd: (name: string, type: DialogFieldType) => void;
  onClose: () => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          // The form puts the focus on the name field rather than on the close icon.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className={dialogContentClasses()}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Add New Field</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close">
                <X className="size-4" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            The field is added at the top level of the template. If the name is taken, a number is
            added to it.
          </Dialog.Description>
          <AddFieldForm
            onAdd={(name, type) => {
              onAdd(name, type);
              onClose();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { dialogContentClasses, overlayClasses } from '../../ui/dialog-classes.ts';
import { DialogHeader } from '../../ui/dialog-header.tsx';
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
          <DialogHeader
            title="Add New Field"
            description="The field is added at the top level of the template. If the name is taken, a number is added to it."
          />
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

import * as Dialog from '@radix-ui/react-dialog';
import { Plus, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../ui/dialog-classes.ts';
import type { DialogFieldType } from '../text/field-types.ts';

// Loaded on the first opening: the landing page's demo needs no form library until then.
const AddFieldForm = lazy(() =>
  import('./add-field-form.tsx').then((module) => ({ default: module.AddFieldForm })),
);

/**
 * The 'Add New Field' dialog: a name and a type. Each opening starts empty; adding hands over
 * name and type and closes.
 */
export function AddFieldDialog({
  onAdd,
}: {
  onAdd: (name: string, type: DialogFieldType) => void;
}) {
  const [open, setOpen] = useState(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Plus className="size-4" aria-hidden="true" />
          Add New Field
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          // The form puts the focus on the name field rather than on the close icon.
          onOpenAutoFocus={(event) => event.preventDefault()}
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
          <Suspense fallback={<p className="mt-4 text-sm">Loading...</p>}>
            <AddFieldForm
              onAdd={(name, type) => {
                onAdd(name, type);
                setOpen(false);
              }}
            />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

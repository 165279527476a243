import * as Dialog from '@radix-ui/react-dialog';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  DEFAULT_DIALOG_FIELD_TYPE,
  DIALOG_FIELD_TYPES,
  type DialogFieldType,
  isDialogFieldType,
} from '../../lib/template-text/field-types.ts';
import { Button } from '../ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../ui/dialog-classes.ts';

const fieldClasses =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ' +
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * The 'Add New Field' dialog: a name and a type. It submits only when the trimmed name is not
 * empty; then it hands over name and type, clears the name and closes.
 */
export function AddFieldDialog({
  onAdd,
}: {
  onAdd: (name: string, type: DialogFieldType) => void;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [type, setType] = useState<DialogFieldType>(DEFAULT_DIALOG_FIELD_TYPE);
  const nameId = useId();
  const typeId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const canSubmit = name.trim() !== '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    onAdd(name.trim(), type);
    setName('');
    setOpen(false);
  }

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
          // Start on the name field rather than on the first button (the close icon).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            nameInput.current?.focus();
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
          <form onSubmit={handleSubmit} className="mt-4 space-y-4">
            <div className="space-y-1">
              <label htmlFor={nameId} className="block text-sm font-medium">
                Field name
              </label>
              <input
                ref={nameInput}
                id={nameId}
                type="text"
                value={name}
                onChange={(event) => setName(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                className={fieldClasses}
              />
            </div>
            <div className="space-y-1">
              <label htmlFor={typeId} className="block text-sm font-medium">
                Field type
              </label>
              <select
                id={typeId}
                value={type}
                onChange={(event) => {
                  if (isDialogFieldType(event.target.value)) setType(event.target.value);
                }}
                className={fieldClasses}
              >
                {DIALOG_FIELD_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={!canSubmit}>
                Add Field
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

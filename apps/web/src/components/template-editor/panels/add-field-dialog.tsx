import { Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import type { DialogFieldType } from '../text/field-types.ts';

// Loaded on the first opening: the landing page's demo needs no dialog or form library until then.
const AddFieldModal = lazy(() =>
  import('./add-field-modal.tsx').then((module) => ({ default: module.AddFieldModal })),
);

/**
 * The 'Add New Field' button and its dialog: a name and a type. Each opening starts empty; adding
 * hands over name and type and closes.
 */
export function AddFieldDialog({
  onAdd,
}: {
  onAdd: (name: string, type: DialogFieldType) => void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add New Field
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AddFieldModal onAdd={onAdd} onClose={() => setOpen(false)} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}

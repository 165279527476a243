import { FileJson } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { fromSampleTexts } from './texts.ts';

// Loaded on the first opening: the editors need neither the dialog nor its report until then.
const FromSampleModal = lazy(() =>
  import('./from-sample-modal.tsx').then((module) => ({ default: module.FromSampleModal })),
);

/**
 * The 'From a sample' button and its dialog, the same in the API editor and the route editor:
 * a pasted JSON sample becomes a template, which `onAccept` puts in the editor (unsaved, as any
 * edit). Each opening starts empty.
 */
export function FromSampleButton({
  onAccept,
  label,
}: {
  onAccept: (templateText: string) => void;
  /** The button's accessible name when the screen has several (`From a sample for response 2`). */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        size="sm"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <FileJson className="size-4" aria-hidden="true" />
        {fromSampleTexts.button}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FromSampleModal onAccept={onAccept} onClose={() => setOpen(false)} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}

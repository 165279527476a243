import type { GalleryTemplate } from '@mocksmith/core/gallery';
import * as Dialog from '@radix-ui/react-dialog';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { prettyTemplate } from '../utils/card.ts';

/** The template of a gallery card, pretty-printed as JSON (or as written when it is not JSON). */
export function PreviewDialog({
  template,
  onClose,
}: {
  template: GalleryTemplate | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={dialogContentClasses('wide')}>
          <DialogHeader
            title={template ? template.name : 'Preview'}
            description="The JSON template of this gallery entry."
          />
          <section aria-label="Template JSON" className="mt-4">
            <pre className="max-h-[60dvh] overflow-auto rounded-md bg-slate-100 p-4 font-mono text-xs leading-5 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
              {template ? prettyTemplate(template.template) : ''}
            </pre>
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A dialog's title, its one-line description and the Close button. */
export function DialogHeader({ title, description }: { title: string; description: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
          {description}
        </Dialog.Description>
      </div>
      <Dialog.Close asChild>
        <Button variant="ghost" size="sm" aria-label="Close">
          <X className="size-4" aria-hidden="true" />
        </Button>
      </Dialog.Close>
    </div>
  );
}

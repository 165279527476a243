import type { GalleryTemplate } from '@mocksmith/core/gallery';
import {
  galleryMessages,
  MAX_REPORT_NOTE_LENGTH,
  REPORT_REASONS,
  type ReportReason,
} from '@mocksmith/core/texts';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportTemplate } from '../api/report-template.ts';
import { galleryTexts } from '../texts.ts';

/** Reporting a gallery template: a reason, an optional note, Submit. */
export function ReportDialog({
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
        <Dialog.Content className={dialogContentClasses()}>
          <DialogHeader
            title="Report template"
            description={template ? `Why should “${template.name}” be reviewed?` : ''}
          />
          {template ? <ReportForm key={template.id} template={template} onDone={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm({ template, onDone }: { template: GalleryTemplate; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportTemplate();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setProblem(galleryTexts.chooseReason);
      return;
    }
    const trimmed = note.trim();
    report.mutate(
      { id: template.id, input: trimmed ? { reason, note: trimmed } : { reason } },
      {
        onSuccess: () => {
          toast.success(galleryMessages.reported);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast.info(galleryMessages.alreadyReported);
            onDone();
          } else if (error instanceof ApiError && error.status === 401) {
            toast.error(galleryMessages.loginToReport);
          } else {
            toast.error(galleryMessages.reportFailed);
          }
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="mt-4 space-y-4" noValidate>
      <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
        <legend className="text-sm font-medium">Reason</legend>
        <div role="radiogroup" aria-label="Reason" className="mt-2 space-y-2">
          {REPORT_REASONS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-reason`}
                value={option.value}
                checked={reason === option.value}
                onChange={() => {
                  setReason(option.value);
                  setProblem(null);
                }}
                className="size-4 accent-indigo-600"
              />
              {option.label}
            </label>
          ))}
        </div>
        {problem ? <FieldError id={`${id}-problem`}>{problem}</FieldError> : null}
      </fieldset>
      <div className="space-y-1">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-note`} className="block text-sm font-medium">
            Note (optional)
          </label>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {note.length}/{MAX_REPORT_NOTE_LENGTH}
          </span>
        </div>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={MAX_REPORT_NOTE_LENGTH}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className={cn(inputClasses, 'h-auto py-2')}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}

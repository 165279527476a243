import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode } from '@mocksmith/core/errors';
import type { GalleryTemplate } from '@mocksmith/core/gallery';
import { galleryMessages, MAX_REPORT_NOTE_LENGTH, REPORT_REASONS } from '@mocksmith/core/texts';
import * as Dialog from '@radix-ui/react-dialog';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { setServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import {
  REPORT_FIELDS,
  type ReportFormInput,
  type ReportFormOutput,
  reportFormSchema,
  useReportTemplate,
} from '../api/report-template.ts';

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
  const report = useReportTemplate();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ReportFormInput, unknown, ReportFormOutput>({
    resolver: zodResolver(reportFormSchema),
    // No reason chosen yet: the schema refuses that in the form's words.
    defaultValues: { note: '' },
  });
  const noteLength = (watch('note') ?? '').length;
  const reasonError = errors.reason?.message;
  const noteError = errors.note?.message;

  async function handleReport(values: ReportFormOutput) {
    try {
      await report.mutateAsync({ id: template.id, report: values });
      toast.success(galleryMessages.reported);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.ALREADY_REPORTED) {
        toast.info(galleryMessages.alreadyReported);
        onDone();
      } else if (error instanceof ApiError && error.status === 401) {
        toast.error(galleryMessages.loginToReport);
      } else if (!setServerErrors(error, setError, REPORT_FIELDS)) {
        toast.error(toUserMessage(error, galleryMessages.reportFailed));
      }
    }
  }

  return (
    <form onSubmit={handleSubmit(handleReport)} className="mt-4 space-y-4" noValidate>
      <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className="text-sm font-medium">Reason</legend>
        <div
          role="radiogroup"
          aria-label="Reason"
          aria-invalid={reasonError ? true : undefined}
          className="mt-2 space-y-2"
        >
          {REPORT_REASONS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={option.value}
                {...register('reason')}
                className="size-4 accent-indigo-600"
              />
              {option.label}
            </label>
          ))}
        </div>
        {reasonError ? <FieldError id={`${id}-reason-error`}>{reasonError}</FieldError> : null}
      </fieldset>
      <div className="space-y-1">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-note`} className="block text-sm font-medium">
            Note (optional)
          </label>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {noteLength}/{MAX_REPORT_NOTE_LENGTH}
          </span>
        </div>
        <textarea
          id={`${id}-note`}
          maxLength={MAX_REPORT_NOTE_LENGTH}
          rows={3}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${id}-note-error` : undefined}
          {...register('note')}
          className={cn(inputClasses, 'h-auto py-2')}
        />
        {noteError ? <FieldError id={`${id}-note-error`}>{noteError}</FieldError> : null}
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

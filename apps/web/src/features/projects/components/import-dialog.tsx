import type { ProjectImportReport } from '@mocksmith/core/projects';
import { isOpenApiUpload, OPENAPI_EXTENSIONS, openApiMessages } from '@mocksmith/core/texts';
import * as Dialog from '@radix-ui/react-dialog';
import { FileUp, Loader2 } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useImportIntoProject } from '../api/import-into-project.ts';
import { projectTexts } from '../texts.ts';
import { importSummary } from '../utils/import-report.ts';
import { ImportReport } from './import-report.tsx';

/**
 * Import OpenAPI into a project: the OpenAPI Import page's drop zone (a .json, .yaml or .yml
 * file, dropped or picked), then the report in words. Every operation becomes a route at its
 * path; importing the same file again updates the routes it made and keeps the user's others.
 */
export function ImportDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ProjectImportReport | null>(null);
  const upload = useImportIntoProject();
  const busy = upload.isPending;

  async function handleFile(file: File | undefined) {
    if (!file || busy) return;
    if (input.current) input.current.value = '';
    setReport(null);
    if (!isOpenApiUpload(file.name, file.type)) {
      setError(openApiMessages.invalidFile);
      return;
    }
    setError(null);
    try {
      const result = await upload.mutateAsync({ projectId, file });
      setReport(result.report);
      toast.success(projectTexts.imported, { description: importSummary(result.report) });
    } catch (caught) {
      setError(toUserMessage(caught, projectTexts.importFailed));
      toast.error(projectTexts.importFailed);
    }
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    void handleFile(event.dataTransfer.files[0]);
  }

  function handleOpenChange(next: boolean) {
    if (next || busy) return;
    setReport(null);
    setError(null);
    upload.reset();
    onClose();
  }

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')}>
          <DialogHeader
            title="Import OpenAPI"
            description="Each operation of the file becomes a route of this project at its path; its named examples become named responses."
          />
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={handleDrop}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center',
              dragging
                ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                : 'border-slate-300 dark:border-slate-600',
              busy && 'cursor-not-allowed opacity-60',
            )}
          >
            {busy ? (
              <Loader2 className="size-8 animate-spin" aria-hidden="true" />
            ) : (
              <FileUp className="size-8" aria-hidden="true" />
            )}
            <span className="font-medium">Drop an OpenAPI file here, or click to choose one</span>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              {OPENAPI_EXTENSIONS.join(', ')}
            </span>
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            aria-label="OpenAPI file"
            accept={OPENAPI_EXTENSIONS.join(',')}
            disabled={busy}
            className="sr-only"
            onChange={(event) => void handleFile(event.target.files?.[0])}
          />
          <div role="status" aria-live="polite" className="min-h-6 text-sm">
            {busy ? openApiMessages.analyzing : null}
          </div>
          {error ? (
            <p
              role="alert"
              className="text-sm text-red-700 [overflow-wrap:anywhere] dark:text-red-400"
            >
              {error}
            </p>
          ) : null}
          {report ? <ImportReport report={report} /> : null}
          <div className="flex justify-end">
            <Button variant="secondary" disabled={busy} onClick={() => handleOpenChange(false)}>
              {report ? 'Done' : 'Cancel'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import type { ProjectImportReport } from '@mocksmith/core/projects';
import {
  isProjectImportUpload,
  openApiMessages,
  PROJECT_IMPORT_EXTENSIONS,
} from '@mocksmith/core/texts';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { OpenApiUpload } from '../../../components/openapi-upload/openapi-upload.tsx';
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
 * Import OpenAPI into a project: the upload screen shared with the OpenAPI Import page (a .json,
 * .yaml or .yml file, or a .har recording, dropped or picked), then the report in words. Every
 * operation becomes a route at its path, as does every method and path a HAR recorded a JSON
 * answer of; importing the same file again updates the routes it made and keeps the user's others.
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
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ProjectImportReport | null>(null);
  const upload = useImportIntoProject();
  const busy = upload.isPending;

  async function handleFile(file: File) {
    setReport(null);
    if (!isProjectImportUpload(file.name, file.type)) {
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
            description="Each operation of the file becomes a route of this project at its path; its named examples become named responses. A HAR file (.har) works too: each method and path it recorded with a JSON answer becomes a route, each status a named response, the bodies named examples."
          />
          <OpenApiUpload
            onFile={(file) => void handleFile(file)}
            disabled={busy}
            processing={busy}
            compact
            extensions={PROJECT_IMPORT_EXTENSIONS}
            status={busy ? openApiMessages.analyzing : null}
            error={error}
          />
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

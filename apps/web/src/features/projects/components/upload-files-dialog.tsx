import * as Dialog from '@radix-ui/react-dialog';
import { FolderUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { type ImportedFiles, useImportProjectFiles } from '../api/import-project-files.ts';
import {
  MAX_UPLOAD_TOTAL_BYTES,
  projectFilesOf,
  textsOfZip,
  type UploadedText,
} from '../utils/project-files-upload.ts';

const FAILED = 'The project could not be made from these files';

/** The texts of the files picked: a zip's files, or each file by its folder path or name. */
async function textsOf(files: readonly File[]): Promise<UploadedText[] | string> {
  const [first] = files;
  if (files.length === 1 && first && /\.zip$/i.test(first.name)) {
    return textsOfZip(new Uint8Array(await first.arrayBuffer()));
  }
  const wanted = files.filter((file) => /\.(?:ya?ml|json)$/i.test(file.name));
  if (wanted.reduce((total, file) => total + file.size, 0) > MAX_UPLOAD_TOTAL_BYTES) {
    return `These files hold more than ${MAX_UPLOAD_TOTAL_BYTES / (1024 * 1024)} MB`;
  }
  return Promise.all(
    wanted.map(async (file) => ({
      path: file.webkitRelativePath || file.name,
      text: await file.text(),
    })),
  );
}

/**
 * Upload files: a new project from a project's directory (what `mocksmith pull` writes, or the
 * zip the project page downloads): a zip, a folder, or its files picked one by one.
 */
export function UploadFilesDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: ImportedFiles) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const upload = useImportProjectFiles();
  const busy = upload.isPending;
  const filesId = useId();
  const folderId = useId();
  const errorId = useId();

  async function handleFiles(list: File[]) {
    if (list.length === 0) return;
    setError(null);
    const texts = await textsOf(list);
    if (typeof texts === 'string') {
      setError(texts);
      return;
    }
    const read = projectFilesOf(texts);
    if (!read.ok) {
      setError(read.message);
      return;
    }
    try {
      const created = await upload.mutateAsync(read.files);
      const { routes, collections } = created.changes;
      const made = created.madeTokens?.length ?? 0;
      toast.success(`Created ${created.project.slug}`, {
        description: `${routes.created.length} routes, ${collections.created.length} collections${
          made > 0
            ? `; ${made === 1 ? 'a new token' : `${made} new tokens`} where the files name one`
            : ''
        }`,
      });
      onCreated(created);
    } catch (caught) {
      setError(toUserMessage(caught, FAILED));
    }
  }

  /** The files picked; the input is emptied, so that picking the same files again is a change. */
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    void handleFiles(picked);
  }

  function handleOpenChange(next: boolean) {
    if (next || busy) return;
    setError(null);
    upload.reset();
    onClose();
  }

  const described = error ? errorId : undefined;
  const picker = cn(buttonClasses('secondary', 'sm'), 'cursor-pointer focus-within:ring-2');
  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')}>
          <DialogHeader
            title="Upload files"
            description="A new project from a project's files: the zip a project page downloads, or the directory mocksmith pull writes (mocksmith.yaml, routes/, collections/)."
          />
          <div className="flex flex-wrap gap-2">
            <label htmlFor={filesId} className={picker}>
              Choose a zip or files
              <input
                id={filesId}
                type="file"
                multiple
                accept=".zip,.yaml,.yml,.json"
                className="sr-only"
                disabled={busy}
                aria-describedby={described}
                onChange={pick}
              />
            </label>
            <label htmlFor={folderId} className={picker}>
              <FolderUp className="size-4" aria-hidden="true" />
              Choose a folder
              <input
                id={folderId}
                type="file"
                className="sr-only"
                disabled={busy}
                aria-describedby={described}
                {...{ webkitdirectory: '' }}
                onChange={pick}
              />
            </label>
          </div>
          {busy ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              Making the project...
            </p>
          ) : null}
          {error ? (
            <p
              id={errorId}
              role="alert"
              className="text-sm whitespace-pre-wrap text-red-700 dark:text-red-400"
            >
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Dialog.Close className={buttonClasses('secondary', 'sm')} disabled={busy}>
              Cancel
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

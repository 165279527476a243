import * as Dialog from '@radix-ui/react-dialog';
import { Download } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { projectZipUrl } from '../api/import-project-files.ts';

/** The commands that bring a project into a repository and serve it there. */
export function fileCommands(slug: string): { pull: string; serve: string } {
  return {
    pull: `npx mocksmith pull ${slug} ./mocks`,
    serve: 'npx mocksmith serve ./mocks',
  };
}

/** This site's address, which the command's MOCKSMITH_URL names. */
function siteOrigin(): string {
  return typeof window === 'undefined' ? 'this site' : window.location.origin;
}

/**
 * Files: the project as a directory of files (one per route and per collection), for a
 * repository: the two commands to copy, and the directory as a zip.
 */
export function FilesDialog({
  project,
  open,
  onClose,
}: {
  project: { id: string; slug: string };
  open: boolean;
  onClose: () => void;
}) {
  const commands = fileCommands(project.slug);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')}>
          <DialogHeader
            title="Files"
            description="This project as a directory of files, one per route and per collection, to keep in your repository and serve offline with the same answers."
          />
          <ol className="list-decimal space-y-3 pl-5 text-sm">
            <li className="space-y-2">
              <p>
                Pull it into your repository (set <code>MOCKSMITH_URL</code> to{' '}
                <code>{siteOrigin()}</code> and <code>MOCKSMITH_TOKEN</code> to a{' '}
                <RouterLink to={paths.account} className={textLinkClasses}>
                  personal API key
                </RouterLink>
                ; <code>npx mocksmith push ./mocks</code> brings your edits back):
              </p>
              <CodeBlock code={commands.pull} label="Pull" copyLabel="Copy the pull command" />
            </li>
            <li className="space-y-2">
              <p>Serve it, with no account, database or network:</p>
              <CodeBlock code={commands.serve} label="Serve" copyLabel="Copy the serve command" />
            </li>
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <a
              href={projectZipUrl(project.id)}
              download={`${project.slug}.zip`}
              className={buttonClasses('secondary', 'sm')}
            >
              <Download className="size-4" aria-hidden="true" />
              Download as zip
            </a>
            <Dialog.Close className={buttonClasses('secondary', 'sm')}>Done</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

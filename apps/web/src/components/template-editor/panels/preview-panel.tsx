import { Download, Rocket } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import type { Preview } from '../api/preview-template.ts';

interface PreviewPanelProps {
  preview: Preview | null;
  isGenerating: boolean;
  /** The last Generate failed: the panel says so instead of showing an older preview. */
  failed?: boolean;
  isCreating?: boolean;
  /** With these two the panel carries the Create API and Download buttons. */
  onCreate?: () => void;
  onDownload?: () => void;
}

/** The generated sample data, with the Create API and Download buttons. */
export function PreviewPanel({
  preview,
  isGenerating,
  failed = false,
  isCreating = false,
  onCreate,
  onDownload,
}: PreviewPanelProps) {
  return (
    <section aria-label="Preview" aria-busy={isGenerating} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">Preview</h3>
        {onCreate && onDownload ? (
          <div className="flex flex-wrap gap-2">
            {/* Always enabled in the demo (spec); repeated clicks while busy are ignored. */}
            <Button aria-busy={isCreating} onClick={onCreate}>
              <Rocket className="size-4" aria-hidden="true" />
              Create API
            </Button>
            <Button variant="secondary" onClick={onDownload}>
              <Download className="size-4" aria-hidden="true" />
              Download
            </Button>
          </div>
        ) : null}
      </div>
      {preview ? (
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long preview.
          tabIndex={0}
          className="max-h-[32rem] min-h-72 overflow-auto rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {preview.text}
        </pre>
      ) : (
        <p className="flex min-h-72 items-center justify-center rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {isGenerating
            ? 'Generating preview…'
            : failed
              ? 'No preview: Generate failed. The message under the template says why.'
              : 'Click Generate to see sample data for your template.'}
        </p>
      )}
    </section>
  );
}

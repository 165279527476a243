import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';

/** The success box after Create API: the endpoint URL to copy and a link to call it. */
export function CreateSuccess({ url }: { url: string }) {
  const titleId = useId();
  const newTabId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-50"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <CheckCircle2
          className="size-5 text-emerald-600 dark:text-emerald-400"
          aria-hidden="true"
        />
        Your API is live
      </h3>
      <div className="space-y-1">
        <p className="text-sm font-medium">Endpoint</p>
        {/* No wrapping: the URL breaks anywhere to leave Copy room on its line. */}
        <div className="flex items-center gap-2">
          <code className="min-w-0 break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100">
            {url}
          </code>
          <CopyButton text={url} label="Copy link" />
        </div>
      </div>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={newTabId}
        className={buttonClasses('primary', 'sm')}
      >
        Try your API
        <ExternalLink className="size-4" aria-hidden="true" />
      </a>
      <span id={newTabId} hidden>
        Opens in a new tab
      </span>
    </section>
  );
}

import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { copyText } from '../../lib/clipboard.ts';
import { Button } from './button.tsx';

/** How long the copy confirmation stays (spec: 2 s). */
export const COPY_CONFIRMATION_MS = 2000;
export const COPIED_MESSAGE = 'Copied to clipboard!';

/**
 * Copies `text` and confirms with 'Copied to clipboard!' for 2 s. The visible text stays short
 * ('Copy', then 'Copied'); `label` is the accessible name and should start with "Copy".
 */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function handleClick() {
    const ok = await copyText(text);
    if (!ok) {
      toast.error('Could not copy to the clipboard. Select the text and copy it by hand.');
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }

  // The confirmation floats under the button rather than beside it, so that a row holding a URL
  // and its Copy button keeps its layout while the confirmation shows.
  return (
    <span className="relative inline-flex shrink-0">
      <Button variant="secondary" size="sm" aria-label={label ?? 'Copy'} onClick={handleClick}>
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="absolute top-full right-0 z-10 mt-1 whitespace-nowrap">
        {copied ? (
          <span className="block rounded-md border border-emerald-200 bg-white px-2 py-1 text-xs text-emerald-700 shadow-sm dark:border-emerald-800 dark:bg-slate-900 dark:text-emerald-400">
            {COPIED_MESSAGE}
          </span>
        ) : null}
      </span>
    </span>
  );
}

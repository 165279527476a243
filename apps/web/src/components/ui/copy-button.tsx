import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from './button.tsx';

/** How long the copy confirmation stays (spec: 2 s). */
export const COPY_CONFIRMATION_MS = 2000;
export const COPIED_MESSAGE = 'Copied to clipboard!';

/**
 * Copies `text` and confirms with 'Copied to clipboard!' for 2 s. The visible text stays short
 * ('Copy', then 'Copied'); `label` is the accessible name and should start with "Copy". With
 * `showLabel`, the button shows `label` itself instead, for a button whose text the spec names
 * ('Copy API URL'); only its icon turns to a check once copied.
 */
export function CopyButton({
  text,
  label,
  showLabel = false,
}: {
  text: string;
  label?: string;
  showLabel?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const visibleLabel = showLabel ? label : undefined;
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
    <span className="relative inline-flex shrink-0 items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        // A label on screen is the name itself: no aria-label to drift from it.
        aria-label={visibleLabel ? undefined : (label ?? 'Copy')}
        onClick={handleClick}
      >
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {visibleLabel ?? (copied ? 'Copied' : 'Copy')}
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

import { cn } from '../../lib/cn.ts';
import { CopyButton } from './copy-button.tsx';

/**
 * Code on a dark panel with a copy button. The panel scrolls sideways on narrow screens, or with
 * `wrap` wraps its long lines instead, and can take focus so keyboard users can scroll it too.
 */
export function CodeBlock({
  code,
  label,
  copyLabel,
  wrap = false,
  className,
}: {
  code: string;
  /** Names the code region for assistive technology, e.g. "Python GET example". */
  label: string;
  /** The copy button's accessible name; 'Copy' when not given. */
  copyLabel?: string;
  /**
   * Wrap long lines, breaking long strings anywhere they must, rather than scroll sideways: for
   * data (a JSON answer), where a line cut at the edge would hide its value.
   */
  wrap?: boolean;
  className?: string;
}) {
  return (
    <figure
      className={cn(
        'overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700',
        className,
      )}
    >
      <figcaption className="flex flex-wrap items-center justify-between gap-2 bg-slate-100 px-3 py-2 dark:bg-slate-900">
        <span className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</span>
        <CopyButton text={code} label={copyLabel} />
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll it
        tabIndex={0}
        className={cn(
          'bg-slate-950 p-4 text-sm text-slate-100 leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-400',
          wrap ? 'whitespace-pre-wrap wrap-anywhere' : 'overflow-x-auto',
        )}
      >
        <code className="font-mono">{code}</code>
      </pre>
    </figure>
  );
}

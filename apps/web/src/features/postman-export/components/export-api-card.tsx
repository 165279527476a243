import { Check } from 'lucide-react';
import { useId } from 'react';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { callsText } from '../../../lib/format.ts';
import type { ExportableApi } from '../types.ts';

/**
 * One API of the export list: a card that is a checkbox (click, or Space when focused, toggles
 * it), named by the API and described by its method, URL and call count.
 */
export function ExportApiCard({
  api,
  selected,
  onToggle,
}: {
  api: ExportableApi;
  selected: boolean;
  onToggle: (id: string) => void;
}) {
  const id = useId();
  return (
    <label
      className={cn(
        'flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 shadow-sm transition-colors',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 has-[:focus-visible]:ring-offset-2',
        'has-[:focus-visible]:ring-offset-white dark:bg-slate-900 dark:has-[:focus-visible]:ring-offset-slate-950',
        selected
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/40'
          : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
      )}
    >
      <input
        type="checkbox"
        className="sr-only"
        checked={selected}
        onChange={() => onToggle(api.id)}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
      />
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border',
          selected
            ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950'
            : 'border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-950',
        )}
      >
        {selected ? <Check className="size-3.5" strokeWidth={3} /> : null}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-2">
        <span className="flex min-w-0 items-center gap-2">
          <MethodBadge method={api.method} />
          <span id={`${id}-name`} className="truncate font-semibold">
            {api.name}
          </span>
        </span>
        <span id={`${id}-details`} className="flex min-w-0 flex-col gap-1">
          <span className="sr-only">{api.method} </span>
          <code className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800 dark:bg-slate-950 dark:text-slate-200">
            {api.url}
          </code>
          <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="call-count">
            {callsText(api.callCount)}
          </span>
        </span>
      </span>
    </label>
  );
}

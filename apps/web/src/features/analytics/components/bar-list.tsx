import { cn } from '../../../lib/cn.ts';

export interface Bar {
  name: string;
  value: number;
  /** The value as shown beside the bar. */
  text: string;
}

/**
 * Horizontal bars, longest first as given, each as long as its value against the largest: a
 * list whose names and values are read as text, the bars themselves hidden from assistive
 * technology.
 */
export function BarList({
  label,
  bars,
  barClassName = 'bg-indigo-500 dark:bg-indigo-400',
}: {
  label: string;
  bars: readonly Bar[];
  barClassName?: string;
}) {
  const largest = Math.max(...bars.map((bar) => bar.value), Number.MIN_VALUE);
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {bars.map((bar) => (
        <li key={bar.name} className="flex min-w-0 flex-col gap-1">
          <div className="flex min-w-0 items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{bar.name}</span>
            <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-300">
              {bar.text}
            </span>
          </div>
          <div aria-hidden="true" className="h-2 rounded-full bg-slate-100 dark:bg-slate-800">
            <div
              className={cn('h-2 rounded-full', barClassName)}
              style={{ width: `${Math.max(1, (bar.value / largest) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

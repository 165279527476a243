import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { keyed } from '../utils/keys.ts';
import { barHeight, cappedProgress, formatNumber } from '../utils/numbers.ts';

/** A titled part of a preview. */
export function PreviewSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <h4 className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h4>
      {children}
    </div>
  );
}

export interface Bar {
  label: string;
  value: number;
}

/**
 * Vertical bars, one per value, each at least 5% high so a small value still shows (spec
 * section 9). A list, so screen readers read each label with its value.
 */
export function BarChart({ label, bars, unit }: { label: string; bars: Bar[]; unit: string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ol aria-label={label} className="flex h-48 items-stretch gap-1.5 sm:gap-3">
      {keyed(bars, (bar) => bar.label).map(({ key, item: bar }) => (
        <li key={key} className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center">
          <span className="text-xs font-medium tabular-nums text-slate-700 dark:text-slate-200">
            {formatNumber(bar.value)}
            <span className="sr-only"> {unit}</span>
          </span>
          <div className="relative w-full flex-1" aria-hidden="true">
            <div
              data-testid="bar"
              className="absolute inset-x-0 bottom-0 rounded-t bg-indigo-500 dark:bg-indigo-400"
              style={{ height: `${barHeight(bar.value, max)}%` }}
            />
          </div>
          <span className="text-xs leading-tight text-slate-600 dark:text-slate-300">
            {bar.label}
          </span>
        </li>
      ))}
    </ol>
  );
}

export interface Share {
  /** The row's name, its label unless `label` is given. */
  name: string;
  label?: ReactNode;
  /** The text at the end of the row: 48.1%, $212.40. */
  valueText: string;
  /** How much of the track the bar fills, in % (capped at 100). */
  fill: number;
  colorClass?: string;
}

/** Horizontal bars with a label and a value each: shares, amounts, progress. */
export function ShareBars({ label, items }: { label: string; items: Share[] }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {keyed(items, (item) => item.name).map(({ key, item }) => (
        <li key={key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words">{item.label ?? item.name}</span>
            <span className="shrink-0 font-medium tabular-nums">{item.valueText}</span>
          </div>
          <div
            aria-hidden="true"
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className={cn('h-full rounded-full', item.colorClass ?? 'bg-indigo-500')}
              style={{ width: `${cappedProgress(item.fill)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatChange, percentChange } from '../utils/numbers.ts';

/**
 * A figure with its change against the previous period. The change is green when it is good
 * news: up for most figures, down for those where less is better (a bounce rate).
 */
export function StatCard({
  label,
  value,
  current,
  previous,
  period,
  lowerIsBetter = false,
}: {
  label: string;
  /** The figure as shown. */
  value: string;
  current: number;
  previous: number;
  /** What the change is measured against: 'last month'. */
  period: string;
  lowerIsBetter?: boolean;
}) {
  const change = percentChange(current, previous);
  const rounded = Math.round(change * 10) / 10;
  const good = lowerIsBetter ? rounded < 0 : rounded > 0;
  const Icon = rounded > 0 ? TrendingUp : rounded < 0 ? TrendingDown : Minus;
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-xs font-medium text-slate-600 uppercase tracking-wide dark:text-slate-300">
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold tabular-nums break-words sm:text-2xl">{value}</dd>
      <dd
        className={cn(
          'mt-1 flex flex-wrap items-center gap-1 text-xs',
          rounded === 0
            ? 'text-slate-600 dark:text-slate-300'
            : good
              ? 'text-emerald-700 dark:text-emerald-400'
              : 'text-red-700 dark:text-red-400',
        )}
      >
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="font-semibold tabular-nums">{formatChange(change)}</span>
        <span>vs {period}</span>
      </dd>
    </div>
  );
}

/** A grid of StatCards, as a description list. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3">{children}</dl>;
}

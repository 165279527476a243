import type { HistoryEntry, HistoryType } from '@mocksmith/core/schemas';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';

const typeStyles: Record<HistoryType, string> = {
  CREATE: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  UPDATE: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  DELETE: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  WARN: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
};

/** Recent Activity: the history of the user's APIs, newest first. */
export function RecentActivity({
  entries,
  isLoading,
}: {
  entries: readonly HistoryEntry[] | undefined;
  isLoading: boolean;
}) {
  return (
    <section aria-labelledby="recent-activity-title" className="space-y-3">
      <h2 id="recent-activity-title" className="text-lg font-semibold">
        Recent Activity
      </h2>
      {isLoading ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading activity...</p>
      ) : !entries || entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No recent activity</p>
      ) : (
        <ol className="space-y-2">
          {entries.map((entry, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list is replaced whole.
              key={index}
              className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span
                  className={cn(
                    'rounded px-1.5 py-0.5 font-mono text-xs font-semibold',
                    typeStyles[entry.typeMessage],
                  )}
                >
                  {entry.typeMessage}
                </span>
                <time
                  dateTime={entry.createdAt}
                  className="text-xs text-slate-600 dark:text-slate-400"
                >
                  {formatDate(entry.createdAt, { time: true })}
                </time>
              </span>
              <span className="break-words">{entry.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

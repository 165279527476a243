import type { Analytics } from '@mocksmith/core/analytics';
import { formatInteger } from '../../../lib/format.ts';
import { analyticsTexts } from '../texts.ts';
import { shareOf } from '../utils/labels.ts';

type StatusClass = keyof Analytics['statusMix'];

/** The status classes in the order shown, with their colours in both themes. */
export const STATUS_CLASSES: readonly { key: StatusClass; colour: string }[] = [
  { key: 's2xx', colour: 'bg-emerald-500 dark:bg-emerald-400' },
  { key: 's3xx', colour: 'bg-sky-500 dark:bg-sky-400' },
  { key: 's4xx', colour: 'bg-amber-500 dark:bg-amber-400' },
  { key: 's5xx', colour: 'bg-red-600 dark:bg-red-400' },
  { key: 's0', colour: 'bg-fuchsia-600 dark:bg-fuchsia-400' },
  { key: 's1xx', colour: 'bg-slate-400 dark:bg-slate-500' },
];

/** The classes a range's calls had, in order (the empty ones left out). */
export function statusRows(mix: Analytics['statusMix']) {
  const total = Object.values(mix).reduce((sum, count) => sum + count, 0);
  return STATUS_CLASSES.filter(({ key }) => mix[key] > 0).map(({ key, colour }) => ({
    key,
    colour,
    name: analyticsTexts.statusNames[key],
    count: mix[key],
    share: shareOf(mix[key], total),
  }));
}

/** One bar split by status class, and its legend with each class's calls and share. */
export function StatusMix({ mix }: { mix: Analytics['statusMix'] }) {
  const rows = statusRows(mix);
  return (
    <div className="flex flex-col gap-3">
      <div aria-hidden="true" className="flex h-4 overflow-hidden rounded-full">
        {rows.map((row) => (
          <div key={row.key} className={row.colour} style={{ flexGrow: row.count }} />
        ))}
      </div>
      <ul
        aria-label={analyticsTexts.statusTitle}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
      >
        {rows.map((row) => (
          <li key={row.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${row.colour}`} />
            <span>
              {row.name}: {formatInteger(row.count)} ({row.share})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { LoggedCallView } from '@mocksmith/core/inspector';
import { cn } from '../../../lib/cn.ts';
import { statusText } from '../utils/format.ts';

const CLASSES: Record<number, string> = {
  0: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  2: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  3: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  4: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  5: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** A call's status as a badge coloured by its class; a call without an answer says so. */
export function StatusBadge({ call }: { call: Pick<LoggedCallView, 'status' | 'fault'> }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded px-2 py-0.5 font-mono text-xs font-semibold',
        CLASSES[Math.floor(call.status / 100)] ?? CLASSES[0],
      )}
    >
      {statusText(call)}
    </span>
  );
}

import { cn } from '../../lib/cn.ts';

const styles: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  POST: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  PATCH: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
  DELETE: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** An HTTP method as a coloured badge; an unknown method takes GET's colours (spec section 9). */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded px-2 py-0.5 font-mono text-xs font-semibold',
        styles[method] ?? styles.GET,
        className,
      )}
    >
      {method}
    </span>
  );
}

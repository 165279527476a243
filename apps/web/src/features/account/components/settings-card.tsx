import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../../lib/cn.ts';

/** One card of the account page: a region named by its heading, with an icon. */
export function SettingsCard({
  title,
  icon: Icon,
  iconClassName,
  children,
}: {
  title: string;
  icon: LucideIcon;
  iconClassName: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <Icon className={cn('size-5', iconClassName)} aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

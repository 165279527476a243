import { CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatUtcDate } from '../../../lib/format.ts';
import {
  type ChangelogEntry,
  changelog,
  type DevLogEntry,
  devLog,
  type RoadmapStatus,
  roadmapItems,
} from '../roadmap-data.ts';

const statusStyles: Record<
  RoadmapStatus,
  { label: string; classes: string; icon: typeof CircleCheck }
> = {
  completed: {
    label: 'Completed',
    classes: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
    icon: CircleCheck,
  },
  'in-progress': {
    label: 'In progress',
    classes: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
    icon: LoaderCircle,
  },
  planned: {
    label: 'Planned',
    classes: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
    icon: CircleDashed,
  },
};

const ORDER: RoadmapStatus[] = ['in-progress', 'planned', 'completed'];

function formatDate(iso: string): string {
  return formatUtcDate(new Date(`${iso}T12:00:00Z`), 'british');
}

function StatusBadge({ status }: { status: RoadmapStatus }) {
  const { label, classes, icon: Icon } = statusStyles[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        classes,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

/** The feature cards, grouped by status: in progress first, then planned, then completed. */
export function RoadmapFeatures() {
  return (
    <div className="space-y-8">
      {ORDER.map((status) => {
        const items = roadmapItems.filter((item) => item.status === status);
        if (items.length === 0) return null;
        return (
          <section key={status} aria-labelledby={`roadmap-${status}`} className="space-y-3">
            <h2 id={`roadmap-${status}`} className="text-xl font-semibold">
              {statusStyles[status].label}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {items.map((item) => (
                <li
                  key={item.title}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold">{item.title}</h3>
                    <StatusBadge status={item.status} />
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-300">{item.description}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The dev log: what was built, newest first. */
export function DevLog({ entries = devLog }: { entries?: readonly DevLogEntry[] }) {
  return (
    <section aria-labelledby="dev-log" className="space-y-3">
      <h2 id="dev-log" className="text-xl font-semibold">
        Dev log
      </h2>
      <ol className="space-y-4 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
        {entries.map((entry) => (
          <li key={`${entry.date}-${entry.title}`} className="space-y-1">
            <time
              dateTime={entry.date}
              className="text-xs font-medium text-slate-600 dark:text-slate-400"
            >
              {formatDate(entry.date)}
            </time>
            <h3 className="font-semibold">{entry.title}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">{entry.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The changelog: each version and what it brought. */
export function Changelog({ entries = changelog }: { entries?: readonly ChangelogEntry[] }) {
  return (
    <section aria-labelledby="changelog" className="space-y-3">
      <h2 id="changelog" className="text-xl font-semibold">
        Changelog
      </h2>
      <ol className="space-y-4">
        {entries.map((entry) => (
          <li
            key={entry.version}
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
          >
            <h3 className="flex flex-wrap items-baseline gap-2 font-semibold">
              <span className="font-mono">v{entry.version}</span>
              <time
                dateTime={entry.date}
                className="text-xs font-normal text-slate-600 dark:text-slate-400"
              >
                {formatDate(entry.date)}
              </time>
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {entry.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

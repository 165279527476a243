import type { ProjectSettings } from '@mocksmith/core/projects';
import { formatDate } from '../../../lib/dates.ts';

/** The texts of what recording added, for the section and its tests. */
export const recordedTexts = {
  title: 'Recorded from the real API',
  line: (count: number, limit: number, recording: boolean) =>
    `${count} of at most ${limit} routes made from forwarded answers${recording ? '' : ' (recording is off)'}${recording && count >= limit ? ': recording has stopped' : ''}.`,
} as const;

/**
 * What recording added to the project (issue 40): each route made from a forwarded answer, when,
 * newest first; shown while the project has a proxy that recorded something.
 */
export function RecordedSection({ proxy }: { proxy: ProjectSettings['proxy'] }) {
  if (!proxy || proxy.recorded.length === 0) return null;
  const newestFirst = [...proxy.recorded].reverse();
  return (
    <section aria-labelledby="project-recorded-title" className="space-y-2">
      <h2 id="project-recorded-title" className="text-lg font-semibold">
        {recordedTexts.title}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {recordedTexts.line(proxy.recorded.length, proxy.recordLimit, proxy.record)}
      </p>
      <ul className="space-y-1 text-sm">
        {newestFirst.map((route) => (
          <li key={`${route.method} ${route.path}`} className="flex flex-wrap gap-x-3">
            <span className="font-mono [overflow-wrap:anywhere]">
              {route.method} {route.path}
            </span>
            <time dateTime={route.at} className="text-slate-600 dark:text-slate-400">
              {formatDate(route.at)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

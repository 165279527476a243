import type { ModerationQueue } from '@mocksmith/core/gallery';
import type { ReactNode } from 'react';
import { ModerationHistory } from './moderation-history.tsx';
import { ReportCard } from './report-card.tsx';
import { UserSearch } from './user-search.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The moderation screen: open reports (oldest first), accounts, and the history of actions. */
export function AdminConsole({ queue }: { queue: ModerationQueue }) {
  // Oldest first, whatever order the answer came in.
  const reports = [...queue.reports].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <div className="space-y-10">
      <Section title={`Open reports (${queue.reports.length})`}>
        {queue.reports.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No open reports</p>
        ) : (
          <ul aria-label="Open reports" className="space-y-4">
            {reports.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Users">
        <UserSearch />
      </Section>
      <Section title="History">
        <ModerationHistory entries={queue.history} />
      </Section>
    </div>
  );
}

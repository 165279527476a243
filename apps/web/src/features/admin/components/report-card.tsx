import type { AdminReport } from '@mocksmith/core/gallery';
import { REPORT_REASONS } from '@mocksmith/core/texts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatWhen } from '../utils.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useModerationAction } from './use-moderation-action.ts';

/**
 * An open report: why, by whom and when, and the reported template as text (never rendered),
 * with Unpublish (not for official templates), Dismiss and Ban author (confirmed first; not when
 * the author is the administrator reading it).
 */
export function ReportCard({ report }: { report: AdminReport }) {
  const me = useAuth().user?.userId;
  const titleId = useId();
  const { run, busy } = useModerationAction();
  const [confirmBan, setConfirmBan] = useState(false);
  const { template } = report;
  const reason = REPORT_REASONS.find((option) => option.value === report.reason)?.label;
  const author = template.author;

  return (
    <article
      aria-labelledby={titleId}
      className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {template.name}
        </h3>
        <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-300">
          {reason ?? report.reason}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Reported by</dt>
        <dd className="[overflow-wrap:anywhere]">{report.reporter.username}</dd>
        <dt className="font-medium">When</dt>
        <dd>
          <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
        </dd>
        <dt className="font-medium">Note</dt>
        <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{report.note ?? '—'}</dd>
        <dt className="font-medium">Author</dt>
        <dd className="[overflow-wrap:anywhere]">
          {author ? `${author.username} (${author.email})` : 'Official template'}
        </dd>
        <dt className="font-medium">Description</dt>
        <dd className="[overflow-wrap:anywhere]">{template.description ?? '—'}</dd>
        <dt className="font-medium">Tags</dt>
        <dd className="[overflow-wrap:anywhere]">
          {template.tags.length > 0 ? template.tags.join(', ') : '—'}
        </dd>
      </dl>
      <pre className="max-h-64 overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {template.template}
      </pre>
      <div className="flex flex-wrap gap-2">
        {template.isOfficial ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => run({ action: 'unpublish', templateId: template.id })}
          >
            Unpublish
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => run({ action: 'dismiss', reportId: report.id })}
        >
          Dismiss
        </Button>
        {author && !author.banned && author.id !== me ? (
          <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirmBan(true)}>
            Ban author
          </Button>
        ) : null}
      </div>
      {author ? (
        <ConfirmDialog
          open={confirmBan}
          title="Ban this account?"
          description={`${author.username} (${author.email}) will be signed out and unable to sign in until unbanned.`}
          confirmLabel="Ban"
          onConfirm={() => run({ action: 'ban', userId: author.id })}
          onClose={() => setConfirmBan(false)}
        />
      ) : null}
    </article>
  );
}

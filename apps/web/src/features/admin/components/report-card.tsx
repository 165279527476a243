import type { AdminReport } from '@mocksmith/core/gallery';
import { REPORT_REASONS } from '@mocksmith/core/texts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { ConfirmModeration, type ModerationRequest } from './confirm-moderation.tsx';
import { useModerationAction } from './use-moderation-action.ts';

/**
 * An open report: why, by whom and when, and the reported template as text (never rendered),
 * with Unpublish (not for official templates), Disable API or Enable API, Dismiss, and Ban author
 * (not when the author is the administrator reading it). All but Dismiss ask first.
 */
export function ReportCard({ report }: { report: AdminReport }) {
  const me = useAuth().user?.userId;
  const titleId = useId();
  const { run, busy } = useModerationAction();
  const [asking, setAsking] = useState<ModerationRequest | null>(null);
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
          <time dateTime={report.createdAt}>{formatDate(report.createdAt, { time: true })}</time>
        </dd>
        <dt className="font-medium">Note</dt>
        <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{report.note ?? '—'}</dd>
        <dt className="font-medium">Author</dt>
        <dd className="[overflow-wrap:anywhere]">
          {author ? `${author.username} (${author.email})` : 'Official template'}
        </dd>
        <dt className="font-medium">Description</dt>
        <dd className="[overflow-wrap:anywhere]">{template.description ?? '—'}</dd>
        {template.disabled ? (
          <>
            <dt className="font-medium">Status</dt>
            <dd>Disabled: its URLs answer 403</dd>
          </>
        ) : null}
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
            onClick={() =>
              setAsking({
                moderation: { action: 'unpublish', templateId: template.id },
                subject: template.name,
              })
            }
          >
            Unpublish
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() =>
            setAsking({
              moderation: {
                action: template.disabled ? 'enable-api' : 'disable-api',
                apiId: template.id,
              },
              subject: template.name,
            })
          }
        >
          {template.disabled ? 'Enable API' : 'Disable API'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => run({ action: 'dismiss', reportId: report.id })}
        >
          Dismiss
        </Button>
        {author && !author.banned && author.id !== me ? (
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            onClick={() =>
              setAsking({
                moderation: { action: 'ban', userId: author.id },
                subject: `${author.username} (${author.email})`,
              })
            }
          >
            Ban author
          </Button>
        ) : null}
      </div>
      <ConfirmModeration request={asking} onClose={() => setAsking(null)} />
    </article>
  );
}

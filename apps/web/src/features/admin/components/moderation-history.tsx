import type { ModerationEntry } from '@mocksmith/core/gallery';
import { formatDate } from '../../../lib/dates.ts';

const verbs: Record<ModerationEntry['action'], string> = {
  unpublish: 'unpublished',
  dismiss: 'dismissed a report on',
  ban: 'banned',
  unban: 'unbanned',
  'grant-admin': 'made an administrator:',
  'revoke-admin': 'revoked administrator rights of',
  'disable-api': 'disabled the API',
  'enable-api': 'enabled the API',
};

/** The latest moderation actions: who, when, what. */
export function ModerationHistory({ entries }: { entries: ModerationEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-slate-600 dark:text-slate-300">No moderation actions yet</p>;
  }
  return (
    <ol aria-label="Moderation history" className="space-y-2 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="[overflow-wrap:anywhere]">
          <time dateTime={entry.createdAt} className="text-slate-600 dark:text-slate-400">
            {formatDate(entry.createdAt, { time: true })}
          </time>{' '}
          <span className="font-medium">{entry.admin ?? 'Command line'}</span>{' '}
          {verbs[entry.action] ?? entry.action} {entry.target}
        </li>
      ))}
    </ol>
  );
}

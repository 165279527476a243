import { CalendarDays, Lock, TrendingUp } from 'lucide-react';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { callsText } from '../../../lib/format.ts';
import type { Api } from '../types.ts';
import { formatCreateDate } from '../utils/filters.ts';
import { ApiActionButtons } from './api-action-buttons.tsx';
import type { ApiActions } from './api-modals.tsx';

/**
 * The dashboard's list of APIs: name, description, the URL to copy, the creation date (fr-FR),
 * the call count, and Test, Edit and Delete.
 */
export function ApiList({ apis, actions }: { apis: readonly Api[]; actions: ApiActions }) {
  return (
    <ul className="space-y-3" aria-label="Your APIs">
      {apis.map((api) => (
        <li
          key={api.id}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <article aria-label={api.name} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 space-y-1">
                <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                  <MethodBadge method={api.method} />
                  <span className="break-all">{api.name}</span>
                  {api.authToken ? (
                    <Lock className="size-4 text-slate-500" aria-label="Requires a bearer token" />
                  ) : null}
                </h3>
                {api.description ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300">{api.description}</p>
                ) : null}
              </div>
              <ApiActionButtons api={api} actions={actions} />
            </div>
            {/* No wrapping: the URL breaks anywhere to leave Copy room on its line. */}
            <div className="flex items-center gap-2">
              <code className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-950">
                {api.url}
              </code>
              <CopyButton text={api.url} label={`Copy URL of ${api.name}`} />
            </div>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
              <span className="flex items-center gap-1">
                <CalendarDays className="size-3.5" aria-hidden="true" />
                Created {formatCreateDate(api.createdAt)}
              </span>
              <span className="flex items-center gap-1">
                <TrendingUp className="size-3.5" aria-hidden="true" />
                <span data-testid="call-count">{callsText(api.callCount)}</span>
              </span>
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}

import { useId, useState } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import type { Api } from '../types.ts';
import { searchByName } from '../utils/filters.ts';
import { ApiActionButtons } from './api-action-buttons.tsx';
import type { ApiActions } from './api-modals.tsx';

/** The API page's grid of the user's APIs, searched by name, with Test, Edit and Delete. */
export function ApiGrid({ apis, actions }: { apis: readonly Api[]; actions: ApiActions }) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = searchByName(apis, search);
  return (
    <section aria-labelledby={`${searchId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${searchId}-title`} className="text-lg font-semibold">
          Your APIs ({apis.length})
        </h2>
        <SearchInput
          value={search}
          onChange={setSearch}
          label="Search APIs by name"
          placeholder="Search by name"
          className="w-full sm:w-72"
        />
      </div>
      {apis.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No APIs yet: the ones you create appear here.
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No APIs match your search criteria
        </p>
      ) : (
        // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a card's unbroken URL would
        // widen an auto column to its whole length.
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label="API grid">
          {shown.map((api) => (
            <li
              key={api.id}
              className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="flex min-w-0 items-center gap-2 font-semibold">
                <MethodBadge method={api.method} />
                <span className="truncate">{api.name}</span>
              </h3>
              <div className="flex items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-950">
                  {api.url}
                </code>
                <CopyButton text={api.url} label={`Copy URL of ${api.name}`} />
              </div>
              <div className="mt-auto">
                <ApiActionButtons api={api} actions={actions} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

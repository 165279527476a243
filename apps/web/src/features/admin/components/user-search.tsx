import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { ConfirmModeration, type ModerationRequest } from './confirm-moderation.tsx';
import { useModerationAction } from './use-moderation-action.ts';

/**
 * Finds accounts by name or e-mail, each with Ban (confirmed first) or Unban; the administrator's
 * own account has neither (the server refuses a ban of oneself).
 */
export function UserSearch() {
  const me = useAuth().user?.userId;
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const users = useAdminUsers(settled);
  const { run, busy } = useModerationAction();
  const [asking, setAsking] = useState<ModerationRequest | null>(null);
  const list = users.data?.users ?? [];

  return (
    <div className="space-y-3">
      <SearchInput
        value={search}
        onChange={setSearch}
        label="Search users"
        placeholder="Name or e-mail"
      />
      {users.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Failed to load users
        </p>
      ) : list.length === 0 && !users.isPending ? (
        <p className="text-slate-600 dark:text-slate-300">No users found</p>
      ) : (
        <ul aria-label="Users" className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {account.username}
                  {account.isAdmin ? ' (admin)' : ''}
                  {account.banned ? ' — banned' : ''}
                  {account.id === me ? ' (you)' : ''}
                </p>
                <p className="text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
                  {account.email}
                </p>
              </div>
              {account.id !== me &&
                (account.banned ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={`Unban ${account.username}`}
                    onClick={() => run({ action: 'unban', userId: account.id })}
                  >
                    Unban
                  </Button>
                ) : (
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={busy}
                    aria-label={`Ban ${account.username}`}
                    onClick={() =>
                      setAsking({
                        moderation: { action: 'ban', userId: account.id },
                        subject: `${account.username} (${account.email})`,
                      })
                    }
                  >
                    Ban
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModeration request={asking} onClose={() => setAsking(null)} />
    </div>
  );
}

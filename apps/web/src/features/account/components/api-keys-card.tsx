import type { ApiKey } from '@mocksmith/core/keys';
import { KeySquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { accountTexts } from '../texts.ts';
import { SettingsCard } from './settings-card.tsx';

/** The New key dialog (its form and schema), loaded when first opened. */
const NewApiKeyDialog = lazyDialog<{ open: boolean; onClose: () => void }>(
  () => import('./new-api-key-dialog.tsx').then((module) => module.NewApiKeyDialog),
  (props) => props.open,
);

/**
 * API keys: the user's keys for the management API (CI, scripts), each by its name and first
 * characters, when it was made and last used; New key (the key shown once, in its dialog) and
 * Revoke (after a confirmation).
 */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  function handleRevoke() {
    if (!revoking || revoke.isPending) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => toast.success(accountTexts.keyRevoked(name)),
      onError: (error) =>
        toast.error(accountTexts.keyRevokeFailed, {
          description: toUserMessage(error, accountTexts.keyRevokeFailed),
        }),
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <SettingsCard
      title="API keys"
      icon={KeySquare}
      iconClassName="text-emerald-600 dark:text-emerald-400"
    >
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        Call the management API from CI and scripts with{' '}
        <code className="font-mono text-sm">Authorization: Bearer KEY</code>: create and reset
        projects and sessions, read the request log, import specs. A key acts as you, except on your
        account itself (password, deletion, keys), which needs you signed in.
      </p>
      <Button className="mt-4" onClick={() => setCreating(true)}>
        <Plus className="size-4" aria-hidden="true" />
        New key
      </Button>
      <div className="mt-4">
        {keys.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading your API keys...</p>
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {accountTexts.keysLoadFailed(keys.error.message)}
          </p>
        ) : keys.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {accountTexts.keysEmpty}
          </p>
        ) : (
          <ul
            aria-label="API keys"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
          >
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        )}
      </div>
      <NewApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        description={
          revoking ? accountTexts.keyRevokeConfirm(revoking.name, revoking.prefix) : undefined
        }
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        onConfirm={handleRevoke}
        onClose={() => setRevoking(null)}
      />
    </SettingsCard>
  );
}

/** One key: its name, its first characters, when it was made and last used, and Revoke. */
function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <li aria-label={apiKey.name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium [overflow-wrap:anywhere]">{apiKey.name}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <code className="font-mono">{apiKey.prefix}…</code>
          <span>Created {formatDate(apiKey.createdAt)}</span>
          <span>
            {apiKey.lastUsedAt
              ? `Last used ${formatDate(apiKey.lastUsedAt, { time: true })}`
              : accountTexts.keyNeverUsed}
          </span>
        </p>
      </div>
      <Button variant="secondary" size="sm" aria-label={`Revoke ${apiKey.name}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

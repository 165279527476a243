import type { SessionUser } from '@mocksmith/core/auth';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { PasswordCard } from './password-card.tsx';

/** Whom the account page is of: what it shows of them. */
export type AccountOwner = Pick<SessionUser, 'username' | 'email' | 'isGoogle'>;

/**
 * The account page: who is signed in, the password (or Google's notice), the API keys and the
 * deletion. The same for the page and for its shell, which the server fills with the user's name
 * and address (entry-server.tsx).
 */
export function AccountPage({ user }: { user: AccountOwner | null }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Signed in as <strong>{user?.username}</strong> ({user?.email}).
        </p>
      </div>
      <PasswordCard isGoogle={user?.isGoogle === true} />
      <ApiKeysCard />
      <DeleteAccountCard />
    </div>
  );
}

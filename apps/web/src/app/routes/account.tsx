import { pageTitle } from '../../config/pages.ts';
import { ApiKeysCard } from '../../features/account/components/api-keys-card.tsx';
import { DeleteAccountCard } from '../../features/account/components/delete-account-card.tsx';
import { PasswordCard } from '../../features/account/components/password-card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function AccountRoute() {
  useDocumentTitle(pageTitle('Account'));
  const { user } = useAuth();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Signed in as <strong>{user?.username}</strong> ({user?.email}).
        </p>
      </div>
      <PasswordCard />
      <ApiKeysCard />
      <DeleteAccountCard />
    </div>
  );
}

import { pageTitles } from '../../config/pages.ts';
import { AccountPage } from '../../features/account/components/account-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function AccountRoute() {
  useDocumentTitle(pageTitles.account());
  const { user } = useAuth();
  return <AccountPage user={user} />;
}

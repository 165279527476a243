import { AccountPage } from '../../features/account/components/account-page.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function AccountRoute() {
  useRouteTitle();
  const { user } = useAuth();
  return <AccountPage user={user} />;
}

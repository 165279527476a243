import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { UnlockSignInStatus } from '../../features/auth/components/unlock-sign-in-status.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

export default function UnlockSignInRoute() {
  useRouteTitle();
  const { token = '' } = useParams();
  return (
    <AuthCard title="Sign in from this browser">
      <UnlockSignInStatus token={token} />
    </AuthCard>
  );
}

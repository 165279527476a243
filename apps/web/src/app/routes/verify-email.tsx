import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

export default function VerifyEmailRoute() {
  useRouteTitle();
  const { token = '' } = useParams();
  return (
    <AuthCard title="Email verification">
      <VerifyEmailStatus token={token} />
    </AuthCard>
  );
}

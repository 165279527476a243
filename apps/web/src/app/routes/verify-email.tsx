import { useParams } from 'react-router';
import { pageTitles } from '../../config/pages.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function VerifyEmailRoute() {
  useDocumentTitle(pageTitles.verifyEmail());
  const { token = '' } = useParams();
  return (
    <AuthCard title="Email verification">
      <VerifyEmailStatus token={token} />
    </AuthCard>
  );
}

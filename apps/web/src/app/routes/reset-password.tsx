import { useParams } from 'react-router';
import { pageTitles } from '../../config/pages.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function ResetPasswordRoute() {
  useDocumentTitle(pageTitles.resetPassword());
  const { token = '' } = useParams();
  return (
    <AuthCard
      title="Set a new password"
      description="Choose a new password for your account. Your other sessions will be signed out."
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}

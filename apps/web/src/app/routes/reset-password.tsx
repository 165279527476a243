import { useParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useRouteTitle } from '../../hooks/use-document-title.ts';

export default function ResetPasswordRoute() {
  useRouteTitle();
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

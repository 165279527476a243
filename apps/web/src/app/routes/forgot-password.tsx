import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RequestResetForm } from '../../features/auth/components/request-reset-form.tsx';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function ForgotPasswordRoute() {
  useDocumentTitle(pageTitle('Forgot password'));
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to set a new password."
    >
      <RequestResetForm variant="forgot" />
    </AuthCard>
  );
}

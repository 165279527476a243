import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RequestResetForm } from '../../features/auth/components/request-reset-form.tsx';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function RequestResetRoute() {
  useDocumentTitle(pageTitle('Request a password reset'));
  return (
    <AuthCard
      title="Request a password reset"
      description="We will email you the instructions to reset the password of your account."
    >
      <RequestResetForm variant="request" />
    </AuthCard>
  );
}

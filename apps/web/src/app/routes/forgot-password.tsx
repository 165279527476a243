import { publicPages } from '../../config/pages.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RequestResetForm } from '../../features/auth/components/request-reset-form.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

export default function ForgotPasswordRoute() {
  usePageMeta(publicPages.forgotPassword);
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to set a new password."
    >
      <RequestResetForm variant="forgot" />
    </AuthCard>
  );
}

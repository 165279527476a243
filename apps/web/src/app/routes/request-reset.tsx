import { publicPages } from '../../config/pages.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RequestResetForm } from '../../features/auth/components/request-reset-form.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

export default function RequestResetRoute() {
  usePageMeta(publicPages.requestReset);
  return (
    <AuthCard
      title="Request a password reset"
      description="We will email you the instructions to reset the password of your account."
    >
      <RequestResetForm variant="request" />
    </AuthCard>
  );
}

import { publicPages } from '../../config/pages.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

export default function AuthRoute() {
  usePageMeta(publicPages.auth);
  return (
    <AuthCard
      title="Welcome to Mocksmith"
      description="Sign in or create a free account to save your mock APIs, use every data type and more."
    >
      <AuthPanel />
    </AuthCard>
  );
}

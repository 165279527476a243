import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { AuthPanel } from '../../features/auth/components/auth-panel.tsx';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function AuthRoute() {
  useDocumentTitle(pageTitle('Login or Register'));
  return (
    <AuthCard
      title="Welcome to Mocksmith"
      description="Sign in or create a free account to save your mock APIs, use every data type and more."
    >
      <AuthPanel />
    </AuthCard>
  );
}

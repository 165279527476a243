import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function VerifyEmailRoute() {
  return (
    <PlaceholderPage
      title="Verify Your E-mail"
      description="This page will confirm your e-mail address from the link we sent you, then take you to the login."
    />
  );
}

import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function ForgotPasswordRoute() {
  return (
    <PlaceholderPage
      title="Forgot Password"
      description="Enter your e-mail address here to receive password reset instructions."
    />
  );
}

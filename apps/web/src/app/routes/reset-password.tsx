import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function ResetPasswordRoute() {
  return (
    <PlaceholderPage
      title="Reset Password"
      description="Choose and confirm a new password for your account here."
    />
  );
}

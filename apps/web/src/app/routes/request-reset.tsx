import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function RequestResetRoute() {
  return (
    <PlaceholderPage
      title="Request a Password Reset"
      description="Enter your e-mail address here to receive a link to set a new password."
    />
  );
}

import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function AccountRoute() {
  return (
    <PlaceholderPage
      title="Account"
      description="Change your password or delete your account and all its data here."
    />
  );
}

import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function PrivacyRoute() {
  return (
    <PlaceholderPage
      title="Privacy Policy"
      description="This page will explain what data Mocksmith collects, why, how long it is kept and how to have it deleted."
    />
  );
}

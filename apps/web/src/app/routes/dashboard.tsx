import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function DashboardRoute() {
  return (
    <PlaceholderPage
      title="Dashboard"
      description="Your mock APIs, their call counts and your recent activity will be listed here once you are signed in."
    />
  );
}

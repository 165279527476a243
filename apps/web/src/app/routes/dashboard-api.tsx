import { dashboardBack, PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function DashboardApiRoute() {
  return (
    <PlaceholderPage
      title="APIs"
      back={dashboardBack}
      description="Create, edit, test and delete your mock APIs here, with custom endpoints, delays, status codes and bearer tokens."
    />
  );
}

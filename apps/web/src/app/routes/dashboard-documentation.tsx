import { dashboardBack, PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function DashboardDocumentationRoute() {
  return (
    <PlaceholderPage
      title="Documentation"
      documentTitle="Dashboard Documentation"
      back={dashboardBack}
      description="The full documentation, with a sidebar of its sections, will be available here while you are signed in."
    />
  );
}

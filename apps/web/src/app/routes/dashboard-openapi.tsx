import { dashboardBack, PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function DashboardOpenapiRoute() {
  return (
    <PlaceholderPage
      title="OpenAPI Import"
      back={dashboardBack}
      description="Upload an OpenAPI 3.0 file (JSON or YAML) here to turn each of its endpoints into a mock API."
    />
  );
}

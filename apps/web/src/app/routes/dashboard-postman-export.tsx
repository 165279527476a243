import { dashboardBack, PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function DashboardPostmanExportRoute() {
  return (
    <PlaceholderPage
      title="Postman Export"
      back={dashboardBack}
      description="Select your mock APIs here and download them as a Postman collection."
    />
  );
}

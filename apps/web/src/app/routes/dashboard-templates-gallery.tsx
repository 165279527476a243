import { dashboardBack, PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function DashboardTemplatesGalleryRoute() {
  return (
    <PlaceholderPage
      title="Templates Gallery"
      back={dashboardBack}
      description="Browse, like and reuse templates shared by the community here."
    />
  );
}

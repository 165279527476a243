import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function RoadmapRoute() {
  return (
    <PlaceholderPage
      title="Roadmap"
      description="This page will list the features we are building, a dev log and the changelog. Pagination support is in progress; webhook integration and team collaboration are planned."
    />
  );
}

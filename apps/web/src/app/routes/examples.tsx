import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';

export default function ExamplesRoute() {
  return (
    <PlaceholderPage
      title="Examples"
      description="Live widgets built on public mock APIs (weather, banking, analytics) will be showcased here, each with its JSON template to copy."
    />
  );
}

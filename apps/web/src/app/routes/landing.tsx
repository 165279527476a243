import { Link as RouterLink } from 'react-router';
import { LazySection } from '../../components/lazy-section.tsx';
import { publicPages } from '../../config/pages.ts';
import { paths, templateGeneratorId } from '../../config/paths.ts';
import { AnnouncementBanner } from '../../features/landing/components/announcement-banner.tsx';
import { EasterEgg } from '../../features/landing/components/easter-egg.tsx';
import { Hero } from '../../features/landing/components/hero.tsx';
import { usePageMeta } from '../../hooks/use-document-title.ts';

const loadDemoEditor = () =>
  import('../../features/demo-editor/components/demo-editor.tsx').then((m) => ({
    default: m.DemoEditor,
  }));
const loadApiUsage = () =>
  import('../../features/landing/components/api-usage.tsx').then((m) => ({ default: m.ApiUsage }));
const loadTemplateExamples = () =>
  import('../../features/landing/components/template-examples.tsx').then((m) => ({
    default: m.TemplateExamples,
  }));
const loadOpenApiPromo = () =>
  import('../../features/landing/components/openapi-promo.tsx').then((m) => ({
    default: m.OpenApiPromo,
  }));
const loadMoreFeatures = () =>
  import('../../features/landing/components/more-features.tsx').then((m) => ({
    default: m.MoreFeatures,
  }));

export default function LandingRoute() {
  usePageMeta(publicPages.home);

  return (
    <>
      <AnnouncementBanner />
      <Hero />
      <section
        id={templateGeneratorId}
        tabIndex={-1}
        aria-labelledby="template-generator-title"
        className="mx-auto max-w-6xl px-4 py-16 focus:outline-none"
      >
        <h2 id="template-generator-title" className="text-3xl font-bold tracking-tight">
          Try it: build a mock API now
        </h2>
        <p className="mt-2 mb-6 max-w-3xl text-slate-600 dark:text-slate-300">
          Edit the template, press Generate to preview the data, then Create API to get a live URL.
          The demo uses the basic types;{' '}
          <RouterLink to={paths.auth} className="text-indigo-700 underline dark:text-indigo-300">
            sign up
          </RouterLink>{' '}
          for realistic names, prices, cities and more.
        </p>
        <LazySection load={loadDemoEditor} />
      </section>
      {/* Below the first screen: prerendered, their code loaded as they come near the screen. */}
      <LazySection load={loadApiUsage} />
      <LazySection load={loadTemplateExamples} />
      <LazySection load={loadOpenApiPromo} />
      <LazySection load={loadMoreFeatures} />
      <EasterEgg />
    </>
  );
}

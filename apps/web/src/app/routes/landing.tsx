import { Link as RouterLink } from 'react-router';
import { paths, templateGeneratorId } from '../../config/paths.ts';
import { DemoEditor } from '../../features/demo-editor/components/demo-editor.tsx';
import { AnnouncementBanner } from '../../features/landing/components/announcement-banner.tsx';
import { ApiUsage } from '../../features/landing/components/api-usage.tsx';
import { EasterEgg } from '../../features/landing/components/easter-egg.tsx';
import { Hero } from '../../features/landing/components/hero.tsx';
import { MoreFeatures } from '../../features/landing/components/more-features.tsx';
import { OpenApiPromo } from '../../features/landing/components/openapi-promo.tsx';
import { TemplateExamples } from '../../features/landing/components/template-examples.tsx';
import { APP_NAME, useDocumentTitle } from '../../hooks/use-document-title.ts';

export default function LandingRoute() {
  useDocumentTitle(`${APP_NAME} — Mock REST APIs in seconds`);

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
        <DemoEditor />
      </section>
      <ApiUsage />
      <TemplateExamples />
      <OpenApiPromo />
      <MoreFeatures />
      <EasterEgg />
    </>
  );
}

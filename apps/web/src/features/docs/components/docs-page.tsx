import { BookOpen } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { type DocsAnchor, docsSections } from '../../../config/docs-sections.ts';
import { appOrigin, docsAnchors, mockOrigin } from '../../../config/paths.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { ArrayMultiplierSection } from './array-multiplier-section.tsx';
import { CollectionsSection } from './collections-section.tsx';
import { CustomEndpointsSection } from './custom-endpoints-section.tsx';
import { SectionPathContext } from './doc-section.tsx';
import { InspectorSection } from './inspector-section.tsx';
import { NetworkProfilesSection } from './network-profiles-section.tsx';
import { OverridesSection } from './overrides-section.tsx';
import { ProjectsSection } from './projects-section.tsx';
import { QuickStartSection } from './quick-start-section.tsx';
import { ResponseOptionsSection } from './response-options-section.tsx';
import { RulesSection } from './rules-section.tsx';
import { SortingSection } from './sorting-section.tsx';
import { TemplatesSection } from './templates-section.tsx';
import { TypesSection } from './types-section.tsx';
import { UsageSection } from './usage-section.tsx';

/**
 * The component of each section; the order is `docsSections`'. `origin` is the mock URLs',
 * `appOrigin` the site's (the management API's).
 */
const sections: Record<DocsAnchor, ComponentType<{ origin: string; appOrigin: string }>> = {
  [docsAnchors.quickStart]: QuickStartSection,
  [docsAnchors.usage]: UsageSection,
  [docsAnchors.customEndpoints]: CustomEndpointsSection,
  [docsAnchors.types]: TypesSection,
  [docsAnchors.templates]: TemplatesSection,
  [docsAnchors.sorting]: SortingSection,
  [docsAnchors.responseOptions]: ResponseOptionsSection,
  [docsAnchors.arrayMultiplier]: ArrayMultiplierSection,
  [docsAnchors.apiKeys]: ApiKeysSection,
  [docsAnchors.projects]: ProjectsSection,
  [docsAnchors.collections]: CollectionsSection,
  [docsAnchors.overrides]: OverridesSection,
  [docsAnchors.rules]: RulesSection,
  [docsAnchors.networkProfiles]: NetworkProfilesSection,
  [docsAnchors.inspector]: InspectorSection,
};

/**
 * Where the documentation has a page per section (the dashboard's): the path of the whole guide,
 * each section at `{path}/{anchor}`, and the section shown, if one is.
 */
export interface SectionRoutes {
  path: string;
  current?: DocsAnchor;
}

const menuLinkClasses =
  'block rounded-md px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 max-lg:border max-lg:border-slate-200 max-lg:dark:border-slate-700';
const menuLinkIdle =
  'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';
const menuLinkActive =
  'bg-indigo-100 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200';

/**
 * The menu of the sections: a column beside them on wide screens, a wrapped list on phones. Its
 * links are anchors on the one-page guide, and routes (the shown one marked) where each section
 * has a page.
 */
function SectionMenu({ routes }: { routes?: SectionRoutes }) {
  const linkClasses = ({ isActive }: { isActive: boolean }) =>
    `${menuLinkClasses} ${isActive ? menuLinkActive : menuLinkIdle}`;
  return (
    <nav aria-label="Documentation sections" className="lg:sticky lg:top-24">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {routes ? 'Sections' : 'On this page'}
      </p>
      <ul className="flex flex-wrap gap-1 lg:flex-col">
        {routes && (
          <li>
            <NavLink to={routes.path} end className={linkClasses}>
              All sections
            </NavLink>
          </li>
        )}
        {docsSections.map((section) => (
          <li key={section.anchor}>
            {routes ? (
              <NavLink to={`${routes.path}/${section.anchor}`} className={linkClasses}>
                {section.title}
              </NavLink>
            ) : (
              <a href={`#${section.anchor}`} className={linkClasses({ isActive: false })}>
                {section.title}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The documentation, the same on /get-started and /dashboard/documentation: the h1 and `intro`,
 * the section menu, and every section under its anchor; with `routes.current`, that one section.
 */
export function DocsPage({ intro, routes }: { intro?: ReactNode; routes?: SectionRoutes }) {
  // The samples and URLs name this site's mock origin, and the management API's calls its own
  // origin, so they run as they are once the ids are filled in.
  const origin = mockOrigin();
  const app = appOrigin();
  const shown = routes?.current ? [routes.current] : docsSections.map(({ anchor }) => anchor);
  const sectionPath = routes && ((anchor: DocsAnchor) => `${routes.path}/${anchor}`);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-x-10">
      <header className="lg:col-start-2">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
          <BookOpen
            className="size-8 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
          Documentation
        </h1>
        {intro && (
          <div className="mt-3 max-w-3xl text-lg text-slate-600 dark:text-slate-300">{intro}</div>
        )}
      </header>
      <aside className="mt-6 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0">
        <SectionMenu routes={routes} />
      </aside>
      <div className="mt-10 min-w-0 max-w-4xl space-y-12 lg:col-start-2">
        <SectionPathContext.Provider value={sectionPath}>
          {shown.map((anchor) => {
            const Section = sections[anchor];
            return <Section key={anchor} origin={origin} appOrigin={app} />;
          })}
        </SectionPathContext.Provider>
      </div>
    </div>
  );
}

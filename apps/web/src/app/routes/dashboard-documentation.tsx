import { Link as RouterLink, useParams } from 'react-router';
import { textLinkClasses } from '../../components/ui/text-link.ts';
import { type DocsAnchor, docsSections } from '../../config/docs-sections.ts';
import { pageTitle } from '../../config/pages.ts';
import { paths } from '../../config/paths.ts';
import { DocsPage } from '../../features/docs/components/docs-page.tsx';
import { useDocumentTitle, useRouteTitle } from '../../hooks/use-document-title.ts';
import NotFoundRoute from './not-found.tsx';

const routes = { path: paths.dashboardDocumentation };

/**
 * The documentation inside the dashboard: the whole guide at /dashboard/documentation, each
 * section on its own at /dashboard/documentation/{anchor}, with the section menu beside them.
 */
export default function DashboardDocumentationRoute() {
  const { section: anchor } = useParams();
  if (anchor === undefined) return <WholeGuide />;
  const section = docsSections.find((entry) => entry.anchor === anchor);
  if (!section) return <NotFoundRoute />;
  return <OneSection anchor={section.anchor} title={section.title} />;
}

function WholeGuide() {
  useRouteTitle();
  return (
    <DocsPage
      routes={routes}
      intro={
        <p>
          Everything about templates, data types and how your mock APIs answer. Create one on the{' '}
          <RouterLink to={paths.dashboardApi} className={textLinkClasses}>
            API page
          </RouterLink>
          ; the same guide is public at{' '}
          <RouterLink to={paths.getStarted} className={textLinkClasses}>
            {paths.getStarted}
          </RouterLink>
          .
        </p>
      }
    />
  );
}

function OneSection({ anchor, title }: { anchor: DocsAnchor; title: string }) {
  useDocumentTitle(pageTitle(`${title} — Dashboard Documentation`));
  return <DocsPage routes={{ ...routes, current: anchor }} />;
}

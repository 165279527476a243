import { Link as RouterLink } from 'react-router';
import { textLinkClasses } from '../../components/ui/text-link.ts';
import { pageTitle } from '../../config/pages.ts';
import { paths } from '../../config/paths.ts';
import { DocsPage } from '../../features/docs/components/docs-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** The documentation inside the dashboard: the same content, with its section menu beside it. */
export default function DashboardDocumentationRoute() {
  useDocumentTitle(pageTitle('Dashboard Documentation'));
  return (
    <DocsPage
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

import { BookOpen, Braces, FolderTree, LifeBuoy, X } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import type { DocsAnchor } from '../../../config/docs-sections.ts';
import { docsAnchors, paths } from '../../../config/paths.ts';
import { site } from '../../../config/site.ts';

/** Local-storage key remembering that the guide was dismissed (spec section 9). */
export const QUICK_START_DISMISSED_KEY = 'quickStartPanelDismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(QUICK_START_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** A section of the dashboard's documentation. */
const docsPage = (anchor: DocsAnchor) => `${paths.dashboardDocumentation}/${anchor}`;

/** The dismissible Quick Start Guide of the dashboard; the dismissal is remembered locally. */
export function QuickStartGuide() {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

  function handleDismiss() {
    try {
      window.localStorage.setItem(QUICK_START_DISMISSED_KEY, 'true');
    } catch {
      // Storage unavailable: dismissed until the next reload.
    }
    setDismissed(true);
  }

  return (
    <section
      aria-labelledby="quick-start-title"
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="quick-start-title" className="font-semibold">
          Quick Start Guide
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Dismiss the Quick Start Guide"
          onClick={handleDismiss}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <ol className="mt-2 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <li className="flex items-start gap-2">
          <Braces
            className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
          <span>
            <RouterLink to={paths.dashboardApi} className={textLinkClasses}>
              Create an API
            </RouterLink>{' '}
            from a JSON template, with any data type, a delay, a status code and a token.
          </span>
        </li>
        <li className="flex items-start gap-2">
          <BookOpen
            className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
          <span>
            Read the{' '}
            <RouterLink to={paths.dashboardDocumentation} className={textLinkClasses}>
              documentation
            </RouterLink>{' '}
            for custom endpoints, sorting and the array multiplier.
          </span>
        </li>
        <li className="flex items-start gap-2">
          <FolderTree
            className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
          <span>
            Mock a whole backend in a{' '}
            <RouterLink to={paths.dashboardProjects} className={textLinkClasses}>
              project
            </RouterLink>
            : routes,{' '}
            <RouterLink to={docsPage(docsAnchors.collections)} className={textLinkClasses}>
              collections and sessions
            </RouterLink>
            ,{' '}
            <RouterLink to={docsPage(docsAnchors.rules)} className={textLinkClasses}>
              rules
            </RouterLink>
            , the{' '}
            <RouterLink to={docsPage(docsAnchors.inspector)} className={textLinkClasses}>
              request inspector
            </RouterLink>
            , and{' '}
            <RouterLink to={docsPage(docsAnchors.apiKeys)} className={textLinkClasses}>
              API keys
            </RouterLink>{' '}
            for CI.
          </span>
        </li>
        <li className="flex items-start gap-2">
          <LifeBuoy
            className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
            aria-hidden="true"
          />
          <span>
            Stuck?{' '}
            <a href={`mailto:${site.supportEmail}`} className={textLinkClasses}>
              Ask for help
            </a>{' '}
            by e-mail.
          </span>
        </li>
      </ol>
    </section>
  );
}

import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button.tsx';
import { pageTitle } from '../config/pages.ts';
import { paths } from '../config/paths.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

/** Shown when a page fails to load or throws while rendering (a stale chunk after a deploy...). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle(pageTitle('Something went wrong'));
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-slate-600 dark:text-slate-300">
        This page could not be shown. Reloading usually helps.
      </p>
      {detail && <p className="font-mono text-sm text-slate-500">{detail}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClasses('primary', 'md')}
        >
          Reload
        </button>
        <RouterLink to={paths.home} className={buttonClasses('secondary', 'md')}>
          Go to Homepage
        </RouterLink>
      </div>
    </div>
  );
}

import { ArrowRight, FileJson } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The pill above the hero announcing OpenAPI Import; it leads to sign-in, where import lives. */
export function OpenApiBanner() {
  return (
    <RouterLink
      to={paths.auth}
      className="inline-flex max-w-full items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-sm text-indigo-800 hover:bg-indigo-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200 dark:hover:bg-indigo-900"
    >
      <FileJson className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">New: OpenAPI Import</strong> — turn your OpenAPI spec into
        mock APIs
      </span>
      <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
    </RouterLink>
  );
}

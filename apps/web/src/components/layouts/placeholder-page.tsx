import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { pageTitle } from '../../config/pages.ts';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { buttonClasses } from '../ui/button.tsx';

/** The way back from a signed-in page whose content is still to come. */
export const dashboardBack = { to: paths.dashboard, label: 'Back to the dashboard' };

/**
 * A page whose content arrives with a later issue: its heading, what it will hold, a way home and
 * a title of its own, so no route is ever blank.
 */
export function PlaceholderPage({
  title,
  description,
  documentTitle,
  back = { to: paths.home, label: 'Back to the home page' },
  children,
}: {
  title: string;
  description: string;
  /** The tab's title when it must differ from the heading; "{title} — Mocksmith" otherwise. */
  documentTitle?: string;
  /** Where the page's way back leads: the home page unless given. */
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  useDocumentTitle(pageTitle(documentTitle ?? title));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">{description}</p>
      {children}
      <p>
        <RouterLink to={back.to} className={buttonClasses('secondary', 'md')}>
          {back.label}
        </RouterLink>
      </p>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { pageTitle } from '../../config/pages.ts';
import { paths } from '../../config/paths.ts';
import { site } from '../../config/site.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { buttonClasses } from '../ui/button.tsx';

/** One titled section of a legal page. */
export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A legal page (terms, privacy): its title, an introduction, its sections and the contact. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  useDocumentTitle(pageTitle(title));
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">{intro}</p>
      {sections.map((section) => (
        <section key={section.title} className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <div className="flex flex-col gap-2 text-slate-700 dark:text-slate-300">
            {section.body}
          </div>
        </section>
      ))}
      <p className="text-slate-700 dark:text-slate-300">
        Questions? Write to{' '}
        <a
          href={`mailto:${site.supportEmail}`}
          className="text-indigo-700 underline dark:text-indigo-300"
        >
          {site.supportEmail}
        </a>
        .
      </p>
      <p>
        <RouterLink to={paths.home} className={buttonClasses('secondary', 'md')}>
          Back to the home page
        </RouterLink>
      </p>
    </article>
  );
}

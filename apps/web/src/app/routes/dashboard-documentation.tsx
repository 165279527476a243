import { BookOpen } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { textLinkClasses } from '../../components/ui/text-link.ts';
import { docsSections } from '../../config/docs-sections.ts';
import { paths } from '../../config/paths.ts';
import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title.ts';

/** The documentation inside the dashboard: a menu of its sections beside their content. */
export default function DashboardDocumentationRoute() {
  useDocumentTitle(pageTitle('Dashboard Documentation'));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label="Documentation sections" className="shrink-0 md:w-56">
        <ul className="flex flex-wrap gap-1 md:sticky md:top-20 md:flex-col">
          {docsSections.map((section) => (
            <li key={section.anchor}>
              <a
                href={`#${section.anchor}`}
                className="block rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1 space-y-6">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
            <BookOpen className="size-7 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            Documentation
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Everything about templates, data types and how your mock APIs answer. The full guide is
            being written: each section below will hold its part of it, here and in the{' '}
            <RouterLink to={paths.getStarted} className={textLinkClasses}>
              public documentation
            </RouterLink>
            .
          </p>
        </div>
        {docsSections.map((section) => (
          <section
            key={section.anchor}
            id={section.anchor}
            aria-labelledby={`${section.anchor}-title`}
            className="scroll-mt-20 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
          >
            <h2 id={`${section.anchor}-title`} className="text-lg font-semibold">
              {section.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{section.text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}

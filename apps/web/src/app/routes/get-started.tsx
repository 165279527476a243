import { PlaceholderPage } from '../../components/layouts/placeholder-page.tsx';
import { docsSections } from '../../config/docs-sections.ts';

export default function GetStartedRoute() {
  return (
    <PlaceholderPage
      title="Documentation"
      description="The full guide to Mocksmith is being written. Each section below will hold its part of it."
    >
      <nav aria-label="Documentation sections">
        <ul className="grid gap-4 sm:grid-cols-2">
          {docsSections.map((section) => (
            <li
              key={section.anchor}
              id={section.anchor}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
            >
              <h2 className="font-semibold">
                <a href={`#${section.anchor}`} className="hover:underline">
                  {section.title}
                </a>
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{section.text}</p>
            </li>
          ))}
        </ul>
      </nav>
    </PlaceholderPage>
  );
}

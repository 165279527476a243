import type { ProjectImportReport } from '@mocksmith/core/projects';
import { useId } from 'react';
import { importReportSections } from '../utils/import-report.ts';

/** What an import into a project changed, in words: each kind of change with what it names. */
export function ImportReport({ report }: { report: ProjectImportReport }) {
  const id = useId();
  const sections = importReportSections(report);
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="font-semibold">
        Import report
      </h3>
      {sections.length === 0 ? (
        <p className="text-sm">The file holds no operation to import.</p>
      ) : (
        <ul className="space-y-3 text-sm" aria-label="Import report">
          {sections.map((section) => (
            <li key={section.key}>
              <p className="font-medium">{section.title}</p>
              <ul
                aria-label={section.title}
                // Paths are long words: they break anywhere rather than widen the dialog.
                className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
              >
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

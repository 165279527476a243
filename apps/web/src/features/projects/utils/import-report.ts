import type { ProjectImportReport } from '@mocksmith/core/projects';
import { countOf } from './routes.ts';

/** One part of an import's report: a heading in words and the routes or operations it names. */
export interface ReportSection {
  key: keyof ProjectImportReport;
  title: string;
  items: string[];
}

/** An import's report in words, one sentence per kind of change; kinds with nothing left out. */
export function importReportSections(report: ProjectImportReport): ReportSection[] {
  const sections: ReportSection[] = [
    {
      key: 'created',
      title: `Created ${countOf(report.created.length, 'route')}`,
      items: report.created,
    },
    {
      key: 'updated',
      title: `Updated ${countOf(report.updated.length, 'route')}`,
      items: report.updated,
    },
    {
      key: 'unchanged',
      title: `${countOf(report.unchanged.length, 'route')} unchanged`,
      items: report.unchanged,
    },
    {
      key: 'notInSpec',
      title: `${countOf(report.notInSpec.length, 'route')} no longer in the spec (kept, not deleted)`,
      items: report.notInSpec,
    },
    {
      key: 'skipped',
      title: `Skipped ${countOf(report.skipped.length, 'operation')}`,
      items: report.skipped.map(({ operation, reason }) => `${operation}: ${reason}`),
    },
    { key: 'warnings', title: countOf(report.warnings.length, 'warning'), items: report.warnings },
  ];
  return sections.filter((section) => section.items.length > 0);
}

/** The report in one line, for the toast: `3 routes created, 1 updated, 2 unchanged`. */
export function importSummary(report: ProjectImportReport): string {
  const parts = [
    `${countOf(report.created.length, 'route')} created`,
    `${report.updated.length} updated`,
    `${report.unchanged.length} unchanged`,
  ];
  if (report.notInSpec.length > 0) parts.push(`${report.notInSpec.length} no longer in the spec`);
  if (report.skipped.length > 0) parts.push(`${report.skipped.length} skipped`);
  return parts.join(', ');
}

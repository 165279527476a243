import type { ImportExportFile, ImportedApi } from '@mocksmith/core';

const SOURCES = {
  example: 'the operation’s example',
  schema: 'its response schema',
  none: 'nothing (the operation has no JSON answer): an empty object',
} as const;

/**
 * An import report as lines of text: where the body came from, then each ignored keyword,
 * chosen branch, recursion cut and contradicting example, with its JSON pointer.
 */
export function reportLines(report: ImportedApi['report']): string[] {
  return [
    `Body from ${SOURCES[report.source]}.`,
    ...report.ignored.map((item) => `Ignored ${item.keyword} at ${item.pointer}: ${item.reason}`),
    ...report.branches.map((item) => `Chose ${item.chosen} at ${item.pointer}: ${item.why}`),
    ...report.recursionCut.map((pointer) => `Recursion cut at ${pointer}`),
    ...report.contradictingExamples.map(
      (item) =>
        `Example at ${item.pointer} contradicts its schema (not served): ${item.errors.join('; ')}`,
    ),
  ];
}

/** The export file of the generated templates (spec section 3). */
export function exportFileOf(apis: readonly ImportedApi[], now = new Date()): ImportExportFile {
  return {
    timestamp: now.toISOString(),
    totalEndpoints: apis.length,
    endpoints: apis.map((api) => ({ id: api.id, name: api.name, link: api.link })),
  };
}

/** The export's file name: the time of the export, safe in every file system. */
export function exportFileName(now = new Date()): string {
  return `openapi-templates-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

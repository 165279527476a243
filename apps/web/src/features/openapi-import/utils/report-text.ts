import type { ImportExportFile, ImportedApi } from '@mocksmith/core';
import { importReportLines } from '@mocksmith/core/texts';

/**
 * An import report as sentences: where the body came from, then each place (the operation and
 * the field, in words) with what was done there and why (core's words, shared with the server).
 */
export function reportLines(report: ImportedApi['report']): string[] {
  return importReportLines(report);
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

/**
 * `POST /backend/crud/openapi`: the texts, limits and answer of an OpenAPI import, shared by the
 * server (which documents its route with them) and the web (which reads the answer with them).
 * The answer keeps the spec's shape, a list of `{name, link}`; each item adds the API's ids and
 * the import report of its operation. The operations that did not become APIs travel in the
 * `X-Import-Skipped` header, so that the body stays the spec's list.
 */
import { ROUTE_METHODS } from '../http.ts';
import { z } from './zod.ts';

export * from './openapi-import-texts.ts';

/** What an operation's body came from, and what of its schema could not be followed. */
export const importReportSchema = z
  .object({
    /** `example`: the operation's own example; `schema`: derived from the schema; `none`. */
    source: z.enum(['example', 'schema', 'none']),
    /** Schema keywords left out, with the JSON pointer where they are and why. */
    ignored: z.array(z.object({ pointer: z.string(), keyword: z.string(), reason: z.string() })),
    /** The branch taken at each `oneOf`/`anyOf`, and why. */
    branches: z.array(z.object({ pointer: z.string(), chosen: z.string(), why: z.string() })),
    /** Where a recursive schema was cut (JSON pointers). */
    recursionCut: z.array(z.string()),
    /** Examples that contradict their own schema: flagged, never served. */
    contradictingExamples: z.array(z.object({ pointer: z.string(), errors: z.array(z.string()) })),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof importReportSchema>;

/** One API an import created: the spec's `{name, link}` and more. */
export const importedApiSchema = z
  .object({
    name: z.string(),
    /** The full public URL of the API. */
    link: z.string(),
    id: z.string(),
    requestId: z.string(),
    method: z.enum(ROUTE_METHODS),
    /** The operation's path; `{param}` segments match any value. */
    customEndpoint: z.string().nullable(),
    httpCode: z.number().int(),
    report: importReportSchema,
  })
  .meta({ id: 'ImportedApi' });
export type ImportedApi = z.infer<typeof importedApiSchema>;

/** The answer of an import: the spec's list of `{name, link}`, one per created API. */
export const importResultSchema = z.array(importedApiSchema);
export type ImportResult = z.infer<typeof importResultSchema>;

/** An operation that did not become an API, and why (the `X-Import-Skipped` header). */
export const skippedOperationSchema = z.object({
  method: z.string(),
  path: z.string(),
  reason: z.string(),
});
export type SkippedOperation = z.infer<typeof skippedOperationSchema>;

/** The export file of the import screen (spec section 3). */
export const importExportFileSchema = z.object({
  /** ISO 8601. */
  timestamp: z.string(),
  totalEndpoints: z.number().int(),
  endpoints: z.array(z.object({ id: z.string(), name: z.string(), link: z.string() })),
});
export type ImportExportFile = z.infer<typeof importExportFileSchema>;

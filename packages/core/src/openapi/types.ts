import type { JsonValue } from '../json.ts';

/** The methods an imported operation may have: those a mock API answers. */
export type PlannedMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an import did with one operation's answer, for the person importing. */
export interface ImportReport {
  /** Where the body comes from: the operation's example, its response schema, or nothing. */
  source: 'example' | 'schema' | 'none';
  /** Schema keywords not honoured (or not fully), with the reason. */
  ignored: { pointer: string; keyword: string; reason: string }[];
  /** Each oneOf/anyOf (or discriminated hierarchy) and the branch or branches used. */
  branches: { pointer: string; chosen: string; why: string }[];
  /** Where a circular schema was cut (see RECURSION_DEPTH). */
  recursionCut: string[];
  /** Examples that contradict their own schema: flagged, and not served. */
  contradictingExamples: { pointer: string; errors: string[] }[];
}

/** One operation of a document, ready to become a mock API. */
export interface PlannedOperation {
  /** operationId, else the summary, else `METHOD /path`. */
  name: string;
  /** The operation's summary, cut cleanly to the description limit; null when it has none. */
  description: string | null;
  method: PlannedMethod;
  /** The path as written, `{param}` segments kept: the server makes them match any value. */
  path: string;
  /** The custom endpoint of the mock API: the path as written. */
  customEndpoint: string;
  /** The lowest 2xx status of the operation, else 200 for a `default` answer. */
  httpCode: number;
  /** A template of the template language; `{}` when there is no JSON answer. */
  template: JsonValue;
  report: ImportReport;
}

/** An operation that does not become a mock API, and why. */
export interface SkippedOperation {
  method: string;
  path: string;
  reason: string;
}

/** What importing a document would create. */
export interface ImportPlan {
  operations: PlannedOperation[];
  skipped: SkippedOperation[];
}

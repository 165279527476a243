import type { ErrorCode } from '../errors.ts';

/** One problem found in a template: what rule it breaks, and where. */
export interface TemplateIssue {
  code: ErrorCode;
  /** The text to show; for the demo restriction it is the spec's exact text. */
  message: string;
  /** The JSONPath of the offending value, `$` for the whole template. */
  path: string;
}

/** Either the value, or the problems that prevented it. */
export type TemplateResult<T> = { ok: true; value: T } | { ok: false; errors: TemplateIssue[] };

/** `$.orders[0].total: message`, for logs and one-line displays. */
export function formatIssue(issue: TemplateIssue): string {
  return issue.path === '$' ? issue.message : `${issue.path}: ${issue.message}`;
}

import { ErrorCode } from '@mocksmith/core/errors';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** One problem of a refused body: where, as a JSONPath (`$.customHeaders[0].value`), and why. */
export interface ServerIssue {
  path: string;
  message: string;
}

function isIssue(value: unknown): value is ServerIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/**
 * The issues of a refused body (400 `VALIDATION_FAILED`, `details.issues`), or none for any other
 * error. Their messages are the rule's own text, without the `field: ` prefix of the answer's.
 */
export function validationIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION_FAILED) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues.filter(isIssue) : [];
}

/**
 * A body's JSONPath as a form's field path: `$.customHeaders[0].value` gives
 * `customHeaders.0.value`; a bare name (`category`) stays as it is.
 */
export function fieldPathOf(jsonPath: string): string {
  return jsonPath
    .replace(/^\$/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');
}

/**
 * Shows the issues of a refused body beside their fields with react-hook-form's `setError` (the
 * first issue of a field wins, and the first field placed gets the focus). `fields` maps a body's
 * path to the form's field: `{ requestEnum: 'method', 'option.delay': 'delay' }`; what follows a
 * mapped path is kept (`customHeaders.0.value` under `customHeaders`). Issues of other paths are
 * left out. Returns whether any issue was placed.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Readonly<Record<string, FieldPath<T>>>,
): boolean {
  // The longest mapped path first, so `option.delay` wins over `option`.
  const mapped = Object.keys(fields).sort((a, b) => b.length - a.length);
  const placed = new Set<string>();
  for (const issue of validationIssues(error)) {
    const path = fieldPathOf(issue.path);
    const prefix = mapped.find((key) => path === key || path.startsWith(`${key}.`));
    if (prefix === undefined) continue;
    const field = `${fields[prefix]}${path.slice(prefix.length)}` as FieldPath<T>;
    if (placed.has(field)) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: placed.size === 0 });
    placed.add(field);
  }
  return placed.size > 0;
}

/**
 * The first message among react-hook-form's errors, in the order of the fields (nested ones
 * included: a header row, say), for a toast that sums a refused form up.
 */
export function firstErrorMessage(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, value] of Object.entries(errors)) {
    // `ref` points at the field's element, which holds no message.
    if (key === 'ref') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}

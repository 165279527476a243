import type { z } from 'zod';
import { AppError } from './errors.ts';

export interface ParseBodyOptions {
  /**
   * Texts that are answered as they are, without the field's path in front: the spec's own
   * texts ('API name is required'), which name their field already and which the web shows.
   */
  plainMessages?: ReadonlySet<string>;
}

/**
 * Parses a request body with a shared schema, or throws a 400 whose message names the field:
 * `requestEnum: Invalid option: expected one of "GET"|"POST"|"PUT"|"DELETE"`.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  { plainMessages }: ParseBodyOptions = {},
): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  const [first] = issues;
  const plain = !first?.path || plainMessages?.has(first.message) === true;
  const message = first ? (plain ? first.message : `${first.path}: ${first.message}`) : '';
  throw new AppError(400, 'VALIDATION_FAILED', message, { issues });
}

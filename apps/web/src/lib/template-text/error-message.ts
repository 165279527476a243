import { ApiError } from '../api-client.ts';

/**
 * The api client's code for an answer without the server's error body; its message is then only
 * the HTTP status text.
 */
const NO_ERROR_BODY = 'HTTP_ERROR';

/**
 * What the demo shows for a failed call: the server's message, else `fallback` (network errors,
 * unreadable answers, and answers without an error body such as a bare 500 from a proxy).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== NO_ERROR_BODY && error.message.trim() !== '') {
    return error.message;
  }
  return fallback;
}

/** Whether the server refused the template itself (400), as opposed to failing or throttling. */
export function isTemplateRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

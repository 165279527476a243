import { ApiError, NO_ERROR_BODY } from './api-client.ts';

/**
 * What a screen says about a failed call: the server's message, else (with `statusText`, as the
 * spec asks of a save) the answer's HTTP status text, else `fallback`, the spec's text for that
 * action ('Failed to save template', 'Failed to generate preview'...). The fallback covers
 * network errors, unreadable answers and answers without the server's error body.
 */
export function toUserMessage(
  error: unknown,
  fallback: string,
  { statusText = false }: { statusText?: boolean } = {},
): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code !== NO_ERROR_BODY && error.message.trim() !== '') return error.message;
  if (statusText && error.statusText.trim() !== '') return error.statusText;
  return fallback;
}

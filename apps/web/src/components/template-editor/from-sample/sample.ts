import { ErrorCode } from '@mocksmith/core/errors';
import { ApiError } from '../../../lib/api-client.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { fromSampleTexts } from './texts.ts';

/** A pasted sample read as JSON, or why it cannot be. */
export type ReadSample = { ok: true; value: unknown } | { ok: false; message: string };

/** Reads the pasted text as JSON; a refusal names the parser's problem (its position included). */
export function readSample(text: string): ReadSample {
  if (text.trim() === '') return { ok: false, message: fromSampleTexts.empty };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (caught) {
    const problem = caught instanceof Error ? caught.message : String(caught);
    return { ok: false, message: fromSampleTexts.notJson(problem) };
  }
}

/**
 * What the dialog says when the server refused the sample. Its size and its depth are told in
 * the sample's words: the server's own messages speak of a request body and of a template. A
 * throttled call keeps the server's message, which says when to try again.
 */
export function inferFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413 || error.code === ErrorCode.BODY_TOO_LARGE) {
      return fromSampleTexts.tooLarge;
    }
    if (error.code === ErrorCode.TEMPLATE_TOO_DEEP || error.code === ErrorCode.BODY_TOO_DEEP) {
      return fromSampleTexts.tooDeep;
    }
  }
  return toUserMessage(error, fromSampleTexts.failed);
}

/** A template value as the report shows it: a type name as is, a directive as compact JSON. */
export function chosenText(chosen: unknown): string {
  return typeof chosen === 'string' ? chosen : JSON.stringify(chosen);
}

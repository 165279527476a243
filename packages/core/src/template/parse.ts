import { ErrorCode, messages } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import { MAX_TEMPLATE_BYTES } from '../limits.ts';
import type { TemplateResult } from './issues.ts';
import { ROOT_PATH } from './path.ts';

/** The size of `text` in bytes of UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) bytes += code > 0x7ff && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

/**
 * Reads a template text: refuses text over the size limit and text that is not JSON
 * ('Invalid JSON format'). The value is not validated yet: see validateTemplate.
 */
export function parseTemplate(text: string): TemplateResult<JsonValue> {
  const bytes = utf8Length(text);
  if (bytes > MAX_TEMPLATE_BYTES) {
    return fail(ErrorCode.TEMPLATE_TOO_LARGE, messages.templateTooLarge(bytes));
  }
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    return fail(ErrorCode.INVALID_JSON, messages.invalidJson);
  }
}

function fail(code: ErrorCode, message: string): TemplateResult<never> {
  return { ok: false, errors: [{ code, message, path: ROOT_PATH }] };
}

import { MAX_JSON_DEPTH } from './limits.ts';

/** A JSON value, as a template is written and as a generated body comes out. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Extra bytes of the escape of each control character: `\n` adds 1, `\u0001` adds 5. */
const ESCAPED_CONTROL_BYTES: readonly number[] = Array.from({ length: 0x20 }, (_, code) =>
  code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 1 : 5,
);

/**
 * The size in bytes of UTF-8 of `JSON.stringify(text)`, quotes included, counted without
 * serialising: `"` and `\` and the control characters take their escapes, and so do lone
 * surrogates (`\udXXX`), as JSON.stringify writes them.
 */
export function jsonStringByteLength(text: string): number {
  let bytes = text.length + 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (code < 0x20) bytes += ESCAPED_CONTROL_BYTES[code] as number;
      else if (code === 0x22 || code === 0x5c) bytes += 1;
    } else if (code < 0x800) bytes += 1;
    else if (code < 0xd800 || code > 0xdfff) bytes += 2;
    else if (code < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A pair is one code point of 4 bytes: 2 here, 2 for the low half skipped.
      bytes += 2;
      i++;
    } else bytes += 5;
  }
  return bytes;
}

/**
 * The size in bytes of UTF-8 of `JSON.stringify(value)`, counted without serialising (and
 * without the memory a serialisation of a large value would take). A loop over a list of the
 * values still to count rather than a recursion, so that no depth of nesting can overflow the
 * stack (the sum does not depend on the order).
 */
export function jsonByteLength(value: JsonValue): number {
  if (value === null || typeof value !== 'object') return scalarByteLength(value);
  let bytes = 0;
  const pending: JsonValue[] = [value];
  while (pending.length > 0) {
    const next = pending.pop() as JsonValue;
    if (next === null || typeof next !== 'object') {
      bytes += scalarByteLength(next);
    } else if (Array.isArray(next)) {
      bytes += next.length > 0 ? next.length + 1 : 2;
      for (const element of next) pending.push(element);
    } else {
      const keys = Object.keys(next);
      // Braces, and per key its colon and the comma before it, but one comma fewer than keys.
      bytes += keys.length > 0 ? 2 * keys.length + 1 : 2;
      for (const key of keys) {
        bytes += jsonStringByteLength(key);
        pending.push(next[key] as JsonValue);
      }
    }
  }
  return bytes;
}

function scalarByteLength(value: string | number | boolean | null): number {
  if (typeof value === 'string') return jsonStringByteLength(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  return 4;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `max` levels (the root's array or
 * object at level 1), found without parsing it: one pass, the strings skipped (their brackets
 * do not count), stopping at the first level past `max`. For valid JSON the count is its
 * depth; text that is not JSON is left to the parser to refuse.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Most of a body's bytes are in its strings: skipped by indexOf, natively, to the first
      // quote that no backslash escapes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false;
      i = end;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/** Whether the character at `at` follows an odd run of backslashes (each run is read once). */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * Whether a value nests arrays and objects deeper than `max` levels (the root's at level 1).
 * Recursive, but never more than `max` calls deep, whatever the value (a cycle included).
 */
export function jsonValueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max <= 0) return true;
  if (Array.isArray(value)) {
    for (const element of value) if (jsonValueTooDeep(element, max - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (
      Object.hasOwn(value, key) &&
      jsonValueTooDeep((value as Record<string, unknown>)[key], max - 1)
    ) {
      return true;
    }
  }
  return false;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

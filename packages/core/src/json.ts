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
 * without the memory a serialisation of a large value would take).
 */
export function jsonByteLength(value: JsonValue): number {
  if (typeof value === 'string') return jsonStringByteLength(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  if (Array.isArray(value)) {
    let bytes = value.length > 0 ? value.length + 1 : 2;
    for (const element of value) bytes += jsonByteLength(element);
    return bytes;
  }
  const keys = Object.keys(value);
  // Braces, and per key its colon and the comma before it, but one comma fewer than keys.
  let bytes = keys.length > 0 ? 2 * keys.length + 1 : 2;
  for (const key of keys)
    bytes += jsonStringByteLength(key) + jsonByteLength(value[key] as JsonValue);
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

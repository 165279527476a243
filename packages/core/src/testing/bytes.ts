// Test-only: the measure the byte counters are checked against; no non-test code imports it.

/**
 * The size in bytes of UTF-8 of `JSON.stringify(value)`, measured on the serialised text by the
 * platform's own UTF-8 encoder (each byte outside plain ASCII becomes one `%XX`), independently
 * of core's counters. Core's tests run without Node's types, hence no Buffer.byteLength.
 */
export function serialisedBytes(value: unknown): number {
  return encodeURIComponent(JSON.stringify(value)).replace(/%[0-9A-F]{2}/g, '.').length;
}

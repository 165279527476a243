/**
 * The shape of our ids: a UUID of any version, in either case. The tables' ids, records' uuid
 * ids and the gallery's cursors are UUIDs; a text of another shape names no row and costs no query.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text has the shape of a UUID (any version, either case). */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/**
 * What a session's and a collection's names may be, without zod: the dashboard's pages test
 * names with these before any schema of the collections is loaded (schemas/collections.ts builds
 * its schemas from them).
 */

/** A session's name: what `X-Mock-Session` and `?__session` carry. */
export const SESSION_NAME_PATTERN = /^[A-Za-z0-9._~-]{1,64}$/;
export const SESSION_NAME_MESSAGE =
  'A session name is 1 to 64 letters, digits, ".", "_", "~" or "-"';

/** A collection's name: a letter or _ then letters, digits, _ or - (what `ref:NAME.id` reads). */
export const COLLECTION_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,39}$/;

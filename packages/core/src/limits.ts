/** Numbers that both the server and the web enforce. */

/** The largest template text accepted, in bytes of UTF-8 (256 KiB). */
export const MAX_TEMPLATE_BYTES = 256 * 1024;

/** The deepest nesting of objects and arrays in a template; the root is at depth 1. */
export const MAX_TEMPLATE_DEPTH = 32;

/**
 * The deepest nesting of arrays and objects in JSON a caller sends (a request body of the
 * /backend API or of a mock URL); the root is at depth 1. Deeper JSON is refused with a 400
 * before it is parsed: the walks over a caller's value (check, mask, measure, serialise, copy)
 * are recursive, and a body of a few KB nested thousands of levels deep would overflow them.
 */
export const MAX_JSON_DEPTH = 64;

/** The largest upper bound of a `__multiply` range. */
export const MAX_MULTIPLY = 1000;

/** The longest text a `__string` directive may ask for, in characters (its minLength and maxLength). */
export const MAX_STRING_LENGTH = 10_000;

/** The most decimals a `__number` directive may ask for. */
export const MAX_NUMBER_DECIMALS = 15;

/** The most values (every object, array and leaf) one generated body may hold in the worst case. */
export const MAX_GENERATED_VALUES = 100_000;

/**
 * The largest answer one generated body may serialise to in the worst case, in bytes of UTF-8
 * JSON (10 MiB): the default of `maxResponseBytes`, which the server may set from its config.
 */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** The longest response delay of a mock API, in milliseconds. */
export const MAX_DELAY_MS = 10_000;

/** The most matches the type pickers show. */
export const MAX_TYPE_SEARCH_RESULTS = 100;

/** The largest `limit` a paginated public endpoint accepts. */
export const MAX_PAGE_LIMIT = 1000;

/** Calls per window per client on the public mock URLs, by default (MOCK_RATE_LIMIT). */
export const DEFAULT_MOCK_RATE_LIMIT = 500;

/** The window of that limit, in seconds, by default (MOCK_RATE_WINDOW_S): 5 minutes. */
export const DEFAULT_MOCK_RATE_WINDOW_S = 300;

/**
 * Calls per window of a project's or API's owner on its mock URLs, by default
 * (MOCK_OWNER_RATE_LIMIT): a call with the owner's API key or a token of theirs counts there,
 * per account, rather than per address.
 */
export const DEFAULT_MOCK_OWNER_RATE_LIMIT = 20_000;

/** The HTTP vocabulary of mock APIs, without zod, for code that only needs the constants. */

/** The HTTP methods a mock API can answer. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The status codes a mock API can be set to answer (spec section 9). */
export const STATUS_CODES = [200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

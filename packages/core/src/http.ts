/** The HTTP vocabulary of mock APIs, without zod, for code that only needs the constants. */

/** The HTTP methods a mock API can answer. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The status codes a mock API can be set to answer (spec section 9). */
export const STATUS_CODES = [200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/** The reason phrase of each selectable status code, for pickers and documentation. */
export const STATUS_TEXTS: Record<StatusCode, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The HTTP vocabulary of mock APIs, without zod, for code that only needs the constants. */

/** The HTTP methods a mock API can answer. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The methods a route of a project can answer: the original product's four and PATCH. An API moved out of a
 * project keeps its method, so a stored API's method is one of these.
 */
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

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

/** The path every public mock URL in the method form starts with. */
export const MOCK_PATH_PREFIX = '/backend/apitemplate';

/** What a mock URL names of an API. */
export interface MockUrlParts {
  method: RouteMethod;
  requestId: string;
  /** The custom endpoint (`/users/list`), or none. */
  customEndpoint?: string | null;
}

/**
 * The public URL of a mock API, the link the service gives out:
 * `{origin}/backend/apitemplate/{method}/{requestId}{customEndpoint}`. The origin is the mock
 * origin of the deployment (MOCK_ORIGIN), without a trailing slash or with one.
 */
export function mockUrl(
  origin: string,
  { method, requestId, customEndpoint }: MockUrlParts,
): string {
  return `${origin.replace(/\/+$/, '')}${MOCK_PATH_PREFIX}/${method.toLowerCase()}/${requestId}${customEndpoint ?? ''}`;
}

/** A path parameter of a custom endpoint: `{id}`. */
const PATH_PARAMETER = /\{[A-Za-z0-9_.-]+\}/g;

/**
 * How a called path is checked against a custom endpoint (normalised: leading slash, none
 * trailing). Without parameters the path must equal it; each `{name}` matches one or more
 * characters other than a slash (`/pets/{id}` answers `/pets/42`, not `/pets` nor `/pets/4/2`).
 * Build it once per API, not per call.
 */
export function endpointMatcher(endpoint: string): (path: string) => boolean {
  if (!endpoint.includes('{')) return (path) => path === endpoint;
  let source = '';
  let last = 0;
  for (const match of endpoint.matchAll(PATH_PARAMETER)) {
    source += `${escapeRegExp(endpoint.slice(last, match.index))}[^/]+`;
    last = match.index + match[0].length;
  }
  source += escapeRegExp(endpoint.slice(last));
  const pattern = new RegExp(`^${source}$`);
  return (path) => pattern.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A cookie of the app itself, as a pair of a `Cookie` header: its session and the others its
 * sign-in sets (`mocksmith.*`, `__Secure-mocksmith.*` behind HTTPS), whatever the case.
 */
const APP_COOKIE = /^\s*(?:__Secure-|__Host-)?mocksmith\./i;
/**
 * Whether a `Set-Cookie` line sets one of the app's own cookies (a forwarded upstream's answer
 * must not, where the mocks share the app's origin).
 */
export function setsAppCookie(line: string): boolean {
  return APP_COOKIE.test(line);
}

/** Whether a `Cookie` header holds one. */
const HAS_APP_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?mocksmith\./i;

/**
 * The headers of a call to a mock URL without the app's own cookies: where the mocks share the
 * app's origin, a signed-in visitor's browser sends its session to every mock URL, and nothing
 * an owner sets up (rules, templates, the request log and what is made from it) may read it.
 * The `Cookie` header keeps the caller's other cookies, and goes when none is left; headers
 * without an app cookie come back as they are (the same object).
 */
export function withoutAppCookies<
  T extends Readonly<Record<string, string | string[] | undefined>>,
>(headers: T): T {
  const cookie = headers.cookie;
  if (cookie === undefined) return headers;
  const lines = Array.isArray(cookie) ? cookie : [cookie];
  if (!lines.some((line) => HAS_APP_COOKIE.test(line))) return headers;
  const kept = lines
    .flatMap((line) => line.split(';'))
    .filter((pair) => pair.trim() !== '' && !APP_COOKIE.test(pair))
    .map((pair) => pair.trim());
  const { cookie: _cookie, ...rest } = headers;
  return (kept.length === 0 ? rest : { ...rest, cookie: kept.join('; ') }) as unknown as T;
}

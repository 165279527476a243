/**
 * The request as the template language sees it (`{{request.params.id}}`, `{{request.body.name}}`
 * ...): what the host gives a template to read, whatever answered the call (a route of a
 * project, a stand-alone API, a preview).
 */

/** The largest JSON request body a template can read (`{{request.body...}}`), in bytes. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

/** What a template can read of the request that called it (`{{request.params.id}}` ...). */
export interface RequestContext {
  /** The path parameters of the route, as matched (strings; numbers when declared numeric). */
  params: Record<string, string | number | boolean>;
  /** The query string: one value, or several for a repeated key. */
  query: Record<string, string | string[]>;
  /** The headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body (up to MAX_REQUEST_BODY_BYTES), or null when there is none or it is not JSON. */
  body: unknown;
  /** The request's method and path (after the project's base URL). */
  method: string;
  path: string;
}

/** An empty request: what a template without a request (a stand-alone URL, a plain preview) reads. */
export const EMPTY_REQUEST: RequestContext = Object.freeze({
  params: {},
  query: {},
  headers: {},
  body: null,
  method: 'GET',
  path: '/',
}) as RequestContext;

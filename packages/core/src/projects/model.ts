/**
 * Projects in the domain's words (DESIGN.md §4b): a project has one base URL; its routes are
 * APIs placed at a method and a path template; a route holds one or more named responses, one
 * of which answers each call (see choose.ts). Pure data and numbers, shared by server and web.
 */
import type { CustomHeader } from '../schemas/api.ts';

/** The methods a route can answer (http.ts); HEAD and OPTIONS are answered for every route. */
export { ROUTE_METHODS, type RouteMethod } from '../http.ts';

/** How a route picks among its responses when the request names none (Prefer). */
export const RESPONSE_MODES = ['default', 'sequential', 'random'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];

/** The projects one account may own. */
export const MAX_PROJECTS_PER_USER = 100;
/** The routes one project may hold. */
export const MAX_ROUTES_PER_PROJECT = 1000;
/**
 * The named responses one route may hold: enough for an AWS-style spec, whose operations are
 * all responses of one route chosen by a header (DynamoDB has about 60, Route 53 Domains 30).
 */
export const MAX_RESPONSES_PER_ROUTE = 200;
/** The largest JSON request body a template can read (`{{request.body...}}`), in bytes. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** The longest project name. */
export const MAX_PROJECT_NAME_LENGTH = 100;
/** The longest route path template. */
export const MAX_ROUTE_PATH_LENGTH = 500;
/** The longest response name. */
export const MAX_RESPONSE_NAME_LENGTH = 100;

/**
 * A condition under which a response answers without being asked for by name: the request's
 * header (lower case) has this exact value. The OpenAPI import makes these for operations that
 * share a path and differ by a header (AWS JSON-RPC: `X-Amz-Target`); the rules of a later
 * issue generalise it.
 */
export interface ResponseMatch {
  header: string;
  equals: string;
}

/** One named response of a route, as stored (the template is JSON text, as the user wrote it). */
export interface RouteResponse {
  name: string;
  status: number;
  template: string;
  headers: CustomHeader[];
  /** Milliseconds to wait before answering. */
  delay: number;
  /** The response that answers when nothing else picks one; exactly one per route. */
  isDefault: boolean;
  /** Answers when the request carries this header value (see ResponseMatch). */
  when?: ResponseMatch | null;
}

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

/** An empty request: what a template without a request (a seed URL, a plain preview) reads. */
export const EMPTY_REQUEST: RequestContext = Object.freeze({
  params: {},
  query: {},
  headers: {},
  body: null,
  method: 'GET',
  path: '/',
}) as RequestContext;

/** Slugs kept for the service's own names on the wildcard host. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'app',
  'admin',
  'backend',
  'static',
  'assets',
  'mail',
  'status',
  'docs',
]);

/** The base URL of a project under the mock origin: `{origin}/p/{slug}`. */
export function projectBaseUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/p/${slug}`;
}

/** The base URL of a project on the wildcard host: `https://{slug}.{host}`. */
export function projectWildcardUrl(host: string, slug: string, protocol = 'https:'): string {
  return `${protocol}//${slug}.${host}`;
}

/**
 * A slug suggested from a project name: lower case ASCII letters and digits, runs of anything
 * else turned into one '-', at most 63 characters (one DNS label); 'project' if nothing is left.
 */
export function suggestSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug === '' ? 'project' : slug;
}

/**
 * The key of a project's route table on the invalidation bus (`p:{slug}`), beside the request
 * ids of its routes: whoever changes a project announces it, the mock URLs drop the table.
 */
export const PROJECT_KEY_PREFIX = 'p:';
export const projectKey = (slug: string) => `${PROJECT_KEY_PREFIX}${slug}`;

/** A slug: 1–63 of lower case letters, digits and '-', neither first nor last a '-'. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

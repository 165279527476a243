/**
 * Projects in the domain's words (DESIGN.md §4b): a project has one base URL; its routes are
 * APIs placed at a method and a path template; a route holds one or more named responses, one
 * of which answers each call (see choose.ts). Pure data and numbers, shared by server and web.
 */
import type { CustomHeader } from '../schemas/api.ts';

/** The methods a route can answer (http.ts); HEAD and OPTIONS are answered for every route. */
export { ROUTE_METHODS, type RouteMethod } from '../http.ts';
/** What a route's template reads of its call: the template language's (template/request.ts). */
export { EMPTY_REQUEST, MAX_REQUEST_BODY_BYTES, type RequestContext } from '../template/request.ts';

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

/**
 * The first step of a mock call (DESIGN.md §4b): a project's call, from its project (read for
 * its version) through its route table (route-table.ts, find-my-way) to what answers it and the
 * path's parameters; or a refusal, in this order: unknown project 404, owner banned 403, unknown
 * path 404 naming the closest routes, another method 405 with `Allow`. An OPTIONS of a path
 * answers the path's `Allow`; `POST {base}/__reset` is the reset of the project's state.
 * Synchronous, and allocates nothing a match did not: the table's match is the answer.
 */
import { AppError, authMessages, ErrorCode } from '@mocksmith/core';
import type { RouteMatch, RouteTable } from './route-table.ts';

/** The path that resets a project's state (a session's, or the shared one). */
export const RESET_PATH = '/__reset';

/** What resolve needs of a project: its names (for the refusals), whether it is stopped, its table. */
export interface ResolvableProject<T> {
  slug: string;
  name: string;
  /** Its owner is banned: its URLs answer 403 with the suspended text. */
  stopped: 'owner-banned' | null;
  table: RouteTable<T>;
}

/**
 * What answers a project's call: a place of its table (the route or collection it holds, and the
 * path's parameters), the `Allow` of an OPTIONS, or the reset of the project's state.
 */
export type Resolution<T> =
  | Extract<RouteMatch<T>, { kind: 'route' }>
  | { kind: 'method'; allow: string }
  | { kind: 'reset' };

const RESET: Resolution<never> = { kind: 'reset' };
/** A browser's preflight of a path no route has (see resolve). */
const OPTIONS_ONLY: Resolution<never> = { kind: 'method', allow: 'OPTIONS' };

/**
 * Resolves a call to a project's base URL. `path` is after the base URL, as sent (query allowed).
 * Throws the AppError of the refusal.
 */
export function resolve<T>(
  project: ResolvableProject<T> | null,
  slug: string,
  method: string,
  path: string,
): Resolution<T> {
  if (!project) throw projectNotFound(slug);
  if (project.stopped !== null) {
    throw new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.suspended);
  }
  const match = project.table.match(method, path);
  if (match.kind === 'route') return match;
  if (match.kind === 'none') {
    if (method === 'POST' && isResetPath(path)) return RESET;
    // A browser's preflight of a path no route has: allowed, so that the call itself gets the
    // 404 naming the closest routes (a failed preflight shows only as a CORS error).
    if (method === 'OPTIONS') return OPTIONS_ONLY;
    throw routeNotFound(project, method, path);
  }
  if (method === 'OPTIONS') return match;
  const bare = path.split('?')[0] || '/';
  throw new AppError(
    ErrorCode.METHOD_NOT_ALLOWED,
    `${bare} of project "${project.name}" answers ${match.allow}, not ${method}`,
    { headers: { Allow: match.allow } },
  );
}

/** The 404 of a slug no project has. */
export function projectNotFound(slug: string): AppError {
  return new AppError(ErrorCode.PROJECT_NOT_FOUND, `No project has the slug "${slug}"`);
}

/**
 * The 404 of a path no route of the project has: the project named, and its routes closest to
 * the path, so a typo shows at once.
 */
export function routeNotFound(
  project: ResolvableProject<unknown>,
  method: string,
  path: string,
): AppError {
  const closest = project.table.closest(path, 5);
  const bare = path.split('?')[0] || '/';
  return new AppError(
    ErrorCode.ROUTE_NOT_FOUND,
    closest.length === 0
      ? `Project "${project.name}" (${project.slug}) has no routes yet: add one on its page`
      : `Project "${project.name}" (${project.slug}) has no route for ${method} ${bare}; the closest: ${closest.join(', ')}`,
    { details: { project: project.slug, routes: closest } },
  );
}

/** `/__reset`, a trailing slash or query allowed. */
function isResetPath(path: string): boolean {
  const bare = path.split('?')[0] as string;
  return bare === RESET_PATH || bare === `${RESET_PATH}/`;
}

/**
 * Where a project's route and one of its collections would answer the same calls. The projects
 * module asks it of a route (is a collection there?), the collections module of a collection (is
 * a route there? which routes does it replace?), so the condition is written once here.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** Each side of the clash: a column of the table asked, or a value the caller has. */
type Side = SQLWrapper | string;

export interface RouteClash {
  /** The project column of the table asked (the routes' or the collections'). */
  projectColumn: SQLWrapper;
  projectId: string;
  /** The route's method. */
  method: Side;
  /** The route's path with its parameters as `{}` (`/users/{}`). */
  routeKey: Side;
  /** The collection's list path (`/users`). */
  collectionPath: Side;
}

/**
 * The condition that a route and a collection of one project clash: a collection at `/users`
 * answers GET and POST there and GET, PUT, PATCH and DELETE at `/users/{}`. The project's test
 * sits inside the parentheses with the OR, so that no caller can leave it outside: with the OR
 * outside, the check once looked at every project's collections.
 */
export function routeClash(clash: RouteClash): SQL {
  const { projectColumn, projectId, method, routeKey, collectionPath } = clash;
  return sql`(${projectColumn} = ${projectId}
    and ((${method} in ('GET', 'POST') and ${routeKey} = ${collectionPath})
      or (${method} in ('GET', 'PUT', 'PATCH', 'DELETE') and ${routeKey} = ${collectionPath} || '/{}')))`;
}

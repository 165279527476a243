/**
 * Recording (issue 40): the calls a project's proxy forwarded, with their JSON answers, planned
 * as routes the way a HAR import plans them (har-import.ts): calls merged by method and path
 * template (`/users/42` and `/users/17` are `GET /users/{userId}`), each status a named response
 * whose template is inferred from the bodies seen, the distinct bodies kept as named examples.
 * Pure; the server stores the routes in the project, the runner writes them as files.
 */
import type { JsonValue } from '../json.ts';
import { planRecordedRoute, recordedRouteKey } from './har-import.ts';
import { ROUTE_METHODS, type RouteMethod } from './model.ts';
import type { PlannedRoute } from './openapi-import.ts';

/** A forwarded call and its JSON answer. */
export interface RecordedCall {
  method: string;
  /** After the project's base URL, without the query. */
  path: string;
  status: number;
  body: unknown;
}

/**
 * The routes a batch of recorded calls makes, one per method and path template, in the order
 * their first calls came; calls whose method no route answers, or whose path cannot be a
 * route's, make none.
 */
export function planRecordedCalls(
  calls: readonly RecordedCall[],
  now = Date.now(),
): PlannedRoute[] {
  const groups = new Map<
    string,
    { method: RouteMethod; path: string; byStatus: Map<number, JsonValue[]> }
  >();
  for (const call of calls) {
    if (!(ROUTE_METHODS as readonly string[]).includes(call.method)) continue;
    const key = recordedRouteKey(call.method, call.path);
    if (key === null) continue;
    let group = groups.get(key);
    if (!group) {
      group = { method: call.method as RouteMethod, path: call.path, byStatus: new Map() };
      groups.set(key, group);
    }
    const bodies = group.byStatus.get(call.status) ?? [];
    bodies.push(call.body as JsonValue);
    group.byStatus.set(call.status, bodies);
  }
  const planned: PlannedRoute[] = [];
  for (const group of groups.values()) {
    const route = planRecordedRoute(group.method, group.path, group.byStatus, { now });
    if (route !== null) planned.push(route);
  }
  return planned;
}

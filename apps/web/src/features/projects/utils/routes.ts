import { ROUTE_METHODS, type RouteView } from '@mocksmith/core/projects';
import { formatInteger } from '../../../lib/format.ts';

/** A route in words: `GET /users/{id}`. */
export function routeLabel(route: Pick<RouteView, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Routes by path, then by method in the usual order (GET, POST, PUT, PATCH, DELETE). */
export function sortRoutes<R extends Pick<RouteView, 'method' | 'path'>>(
  routes: readonly R[],
): R[] {
  const order = (method: string) => ROUTE_METHODS.indexOf(method as RouteView['method']);
  // By code point, as the server orders them: `/users/me` before `/users/{id}`.
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...routes].sort((a, b) => byPath(a.path, b.path) || order(a.method) - order(b.method));
}

/** `1 route`, `3 routes`. */
export function countOf(count: number, noun: string): string {
  return `${formatInteger(count)} ${noun}${count === 1 ? '' : 's'}`;
}

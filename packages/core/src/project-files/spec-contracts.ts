/**
 * A project directory's routes given the request contracts of the OpenAPI file its project file
 * names (`spec`, issue 40): each route at one of the spec's operations' method and path (its
 * parameters called anything) gets that operation's contract; the others stay unchecked. The
 * runner and the hosted import of files both read a directory this way. Pure.
 */
import type { RequestContract } from '../openapi/request-contract.ts';
import { parsePathTemplate } from '../projects/path-template.ts';
import type { ProjectBundle } from './bundle.ts';

/** A route's place whatever its parameters are called: `GET /pets/{}`. */
function placeOf(route: { method: string; path: string }): string {
  const parsed = parsePathTemplate(route.path);
  return `${route.method} ${parsed.ok ? parsed.value.key : route.path}`;
}

/** The bundle with its routes' contracts taken from the spec's planned routes. */
export function withRequestContracts(
  bundle: ProjectBundle,
  planned: readonly { method: string; path: string; request?: RequestContract | null }[],
): ProjectBundle {
  const contracts = new Map(planned.map((route) => [placeOf(route), route.request ?? null]));
  return {
    ...bundle,
    routes: bundle.routes.map((route) => {
      const request = contracts.get(placeOf(route));
      return request ? { ...route, request } : route;
    }),
  };
}

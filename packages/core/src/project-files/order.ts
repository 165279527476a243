/**
 * The one order of a project's routes and collections, so that writing a bundle and reading it
 * back give the same lists whatever order the directory listed its files in: routes by path then
 * method (as the project page lists them), collections by name. Compared by code unit, not by
 * locale, so that every machine sorts alike.
 */
import type { CollectionOfFiles, RouteOfFiles } from './bundle.ts';

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareRoutes(
  a: Pick<RouteOfFiles, 'path' | 'method'>,
  b: Pick<RouteOfFiles, 'path' | 'method'>,
): number {
  return byCodeUnit(a.path, b.path) || byCodeUnit(a.method, b.method);
}

export function compareCollections(
  a: Pick<CollectionOfFiles, 'name'>,
  b: Pick<CollectionOfFiles, 'name'>,
): number {
  return byCodeUnit(a.name, b.name);
}

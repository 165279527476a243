/**
 * What a push of a project's files changes in the hosted project (issue 38): the routes and
 * collections the files create, update and delete, and what of the project file differs. A
 * route is the same route when its method and path key (parameter names dropped) are; a
 * collection when its name is. Two are compared as their files write them (write.ts), so that
 * what a file cannot say (ids, how a template was indented) is no change; a token compares by
 * whether there is one, its value being the caller's to compare (the files never hold it).
 */
import { parsePathTemplate } from '../projects/path-template.ts';
import type { CollectionOfFiles, ProjectBundle, RouteOfFiles } from './bundle.ts';
import { compareCollections, compareRoutes } from './order.ts';
import { collectionValue, projectValue, routeValue } from './write.ts';

/** What changes of one kind: the labels (`GET /users/{id}`, a collection's name), sorted. */
export interface ChangeList {
  created: string[];
  updated: string[];
  deleted: string[];
}

/** What the project file changes: which of its fields differ. */
export type ProjectField = 'name' | 'slug' | 'seed' | 'settings';

export interface BundleChange {
  project: ProjectField[];
  routes: ChangeList;
  collections: ChangeList;
}

/** A pairing of the current items with the next ones, by identity. */
export interface Pairing<T> {
  created: T[];
  updated: { current: T; next: T }[];
  unchanged: { current: T; next: T }[];
  deleted: T[];
}

/** A route's identity: its method and its path without parameter names (`GET /users/{}`). */
export function routeIdentity(route: Pick<RouteOfFiles, 'method' | 'path'>): string {
  const parsed = parsePathTemplate(route.path);
  return `${route.method} ${parsed.ok ? parsed.value.key : route.path}`;
}

/** The name a route without one is shown by, as the hosted service names it. */
export function routeDisplayName(route: Pick<RouteOfFiles, 'method' | 'path' | 'name'>): string {
  return route.name || `${route.method} ${route.path}`;
}

const tokenless = <T extends { authToken: unknown }>(item: T): T => ({
  ...item,
  authToken: item.authToken === null ? null : { env: 'TOKEN' },
});

const routeText = (route: RouteOfFiles) =>
  JSON.stringify(routeValue(tokenless({ ...route, name: routeDisplayName(route) })));
const collectionText = (collection: CollectionOfFiles) =>
  JSON.stringify(collectionValue(tokenless(collection)));

/** Whether the token of an item changes, its reference alike (the caller knows the values). */
export type TokenDiffers<T> = (current: T, next: T) => boolean;

/** Pairs two lists by identity and tells which of the pairs differ. */
function pair<T>(
  current: readonly T[],
  next: readonly T[],
  identity: (item: T) => string,
  text: (item: T) => string,
  tokenDiffers: TokenDiffers<T> = () => false,
): Pairing<T> {
  const before = new Map(current.map((item) => [identity(item), item]));
  const pairing: Pairing<T> = { created: [], updated: [], unchanged: [], deleted: [] };
  for (const item of next) {
    const key = identity(item);
    const earlier = before.get(key);
    before.delete(key);
    if (!earlier) pairing.created.push(item);
    else if (text(earlier) === text(item) && !tokenDiffers(earlier, item))
      pairing.unchanged.push({ current: earlier, next: item });
    else pairing.updated.push({ current: earlier, next: item });
  }
  pairing.deleted.push(...before.values());
  return pairing;
}

export function pairRoutes(
  current: readonly RouteOfFiles[],
  next: readonly RouteOfFiles[],
  tokenDiffers?: TokenDiffers<RouteOfFiles>,
): Pairing<RouteOfFiles> {
  return pair(current, next, routeIdentity, routeText, tokenDiffers);
}

export function pairCollections(
  current: readonly CollectionOfFiles[],
  next: readonly CollectionOfFiles[],
  tokenDiffers?: TokenDiffers<CollectionOfFiles>,
): Pairing<CollectionOfFiles> {
  return pair(current, next, (collection) => collection.name, collectionText, tokenDiffers);
}

/** The fields of the project file that differ (a token by whether there is one). */
export function projectChanges(current: ProjectBundle, next: ProjectBundle): ProjectField[] {
  const fileOf = (bundle: ProjectBundle) =>
    projectValue(
      {
        ...bundle,
        project: {
          ...bundle.project,
          settings: tokenless(bundle.project.settings),
        },
      },
      '',
    );
  const [a, b] = [fileOf(current), fileOf(next)];
  return (['name', 'slug', 'seed', 'settings'] as const).filter(
    (field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]),
  );
}

const routeLabel = (route: RouteOfFiles) => `${route.method} ${route.path}`;

/** A pairing as lists of labels, in the files' order. */
export function changeListOf<T>(
  pairing: Pairing<T>,
  label: (item: T) => string,
  compare: (a: T, b: T) => number,
): ChangeList {
  return {
    created: [...pairing.created].sort(compare).map(label),
    updated: pairing.updated
      .map(({ next }) => next)
      .sort(compare)
      .map(label),
    deleted: [...pairing.deleted].sort(compare).map(label),
  };
}

/** The pairings of a change, as the lists of labels it answers. */
export function bundleChangeOf(
  project: ProjectField[],
  routes: Pairing<RouteOfFiles>,
  collections: Pairing<CollectionOfFiles>,
): BundleChange {
  return {
    project,
    routes: changeListOf(routes, routeLabel, compareRoutes),
    collections: changeListOf(collections, (collection) => collection.name, compareCollections),
  };
}

/** What replacing `current` by `next` changes, tokens compared by whether there is one. */
export function diffBundles(current: ProjectBundle, next: ProjectBundle): BundleChange {
  return bundleChangeOf(
    projectChanges(current, next),
    pairRoutes(current.routes, next.routes),
    pairCollections(current.collections, next.collections),
  );
}

/** Whether a change changes nothing. */
export function isNoChange(change: BundleChange): boolean {
  const none = (list: ChangeList) =>
    list.created.length + list.updated.length + list.deleted.length === 0;
  return change.project.length === 0 && none(change.routes) && none(change.collections);
}

/**
 * A project's places (DESIGN.md §4b): its routes and its collections in one route table
 * (route-table.ts), and what a call to a collection's place (or to `POST {base}/__reset`) is once
 * resolved. The server builds it from a project's rows (routes named by request id, compiled on
 * their first call), the command-line runner from its files (routes compiled at start); both
 * route a call to the same place and admit it the same way.
 */
import type { RouteMethod } from '@mocksmith/core';
import {
  type CollectionDefinition,
  nestedLists,
  type Reference,
} from '@mocksmith/core/collections';
import {
  type AdmittableProject,
  type CollectionAccess,
  collectionAccess,
  resetAccess,
  stricter,
} from './admit.ts';
import { compileRouteTable, type RouteTable } from './route-table.ts';

/** A collection's place in a project's table: its list, one of its records, or a nested list. */
export interface CollectionPlace {
  collection: CollectionDefinition;
  item: boolean;
  /** A nested list (`/users/{id}/orders`): the parent's collection and how the child refers to it. */
  parent?: { collection: CollectionDefinition; reference: Reference };
}

/** A call to a collection (or the reset of a project's state), resolved (handle.ts's). */
export interface CollectionTarget<P> {
  project: P;
  /** The collection called, or null for `POST {base}/__reset`. */
  collection: CollectionDefinition | null;
  /** The id of `{path}/{id}` as sent, or null for the list. */
  recordId: string | null;
  access: CollectionAccess;
  /** A nested list: the parent's collection, the id as sent. */
  parent: { collection: CollectionDefinition; id: string; reference: Reference } | null;
}

/**
 * A project's table: its routes at their paths (`value` whatever the host answers a route with),
 * then each collection at its path (list, add) and at `{path}/{id}` (one record), then
 * json-server's nested lists, after every route and collection place, so that one of those at
 * the same place keeps it (the table leaves out a place already taken).
 */
export function compileProjectTable<T>(
  routes: readonly { method: RouteMethod; path: string; value: T }[],
  collections: readonly CollectionDefinition[],
): RouteTable<T | CollectionPlace> {
  const places: { method: RouteMethod; path: string; value: T | CollectionPlace }[] = [...routes];
  for (const collection of collections) {
    const list = { collection, item: false };
    const item = { collection, item: true };
    places.push({ method: 'GET', path: collection.path, value: list });
    places.push({ method: 'POST', path: collection.path, value: list });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      places.push({ method, path: `${collection.path}/{id}`, value: item });
    }
  }
  for (const { parent, child, reference } of nestedLists([...collections])) {
    const value = { collection: child, item: false, parent: { collection: parent, reference } };
    const path = `${parent.path}/{id}/${child.name}`;
    places.push({ method: 'GET', path, value }, { method: 'POST', path, value });
  }
  return compileRouteTable(places);
}

/**
 * A call to a collection's place, resolved: the record's id as sent, and who calls (a nested list
 * reads its parent record too, so it needs what both places need). Throws the 401 of a missing or
 * wrong token.
 */
export function collectionTarget<P extends AdmittableProject>(
  project: P,
  place: CollectionPlace,
  params: Record<string, string | number | boolean>,
  authorization: string | undefined,
): CollectionTarget<P> {
  return {
    project,
    collection: place.collection,
    recordId: place.item ? String(params.id) : null,
    access: stricter(
      collectionAccess(project, place.collection, authorization),
      place.parent && collectionAccess(project, place.parent.collection, authorization),
    ),
    parent: place.parent ? { ...place.parent, id: String(params.id) } : null,
  };
}

/** The reset of a project's state (`POST {base}/__reset`), resolved; throws its 401. */
export function resetTarget<P extends AdmittableProject>(
  project: P,
  authorization: string | undefined,
): CollectionTarget<P> {
  return {
    project,
    collection: null,
    recordId: null,
    access: resetAccess(project, authorization),
    parent: null,
  };
}

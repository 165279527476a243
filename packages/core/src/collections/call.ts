/**
 * One call to a project's collection, as the mock URLs resolve it and the server's answer step
 * takes it: written here once so the two server modules, which never import each other, agree.
 */
import type { RawQuery } from '../query/list-query.ts';
import type { CollectionDefinition } from './definition.ts';
import type { Reference } from './relations.ts';

/** A project as its collections' calls need it. */
export interface CollectionProject {
  id: string;
  ownerId: string;
  seed: number;
  collections: readonly CollectionDefinition[];
}

/**
 * Why a body could not be read: sent as another type, not JSON, past the record's size, or
 * nested past MAX_JSON_DEPTH (never parsed).
 */
export type BodyProblem = 'not-json' | 'invalid-json' | 'too-large' | 'too-deep';

/** One call to a collection. */
export interface CollectionCall {
  project: CollectionProject;
  collection: CollectionDefinition;
  /** The id in `{path}/{id}` as sent (decoded), or null for the list's path. */
  recordId: string | null;
  method: string;
  query: RawQuery;
  body: unknown;
  bodyProblem: BodyProblem | null;
  /** The body's content type, for the message of a 415. */
  contentType: string | undefined;
  session: string;
  /** The list's URL without query, for `Link` and `Location`. */
  listUrl: string;
  /**
   * Who calls: the owner (a token of the project or collection, or the owner's API key) or
   * anyone else, and the caller's address. Absent: anyone, from nowhere in particular.
   */
  caller?: CollectionCaller;
  /**
   * A nested list (`/users/{id}/orders`, json-server's): the record of another collection whose
   * records of this one are listed (GET) or added to (POST), the id as sent, and the field of
   * this collection that refers to it. Absent for the collection's own places.
   */
  parent?: { collection: CollectionDefinition; id: string; reference: Reference } | null;
}

/** Who calls a collection, for the sessions it may start and the room it may take. */
export interface CollectionCaller {
  /** The owner's (a token of the project or collection, the owner's API key), or anyone's. */
  owner: boolean;
  /** The caller's address, which bounds the sessions one anonymous caller starts. */
  address: string;
}

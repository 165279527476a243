/**
 * A collection as the answer step needs it: what its records are made from and where it
 * answers. The server reads it with the project's routes; core makes and checks its records.
 */
import type { JsonObject } from '../json.ts';
import { type IdKind, idKindOf } from './records.ts';

export interface CollectionDefinition {
  id: string;
  /** What `ref:NAME.field`, `_embed=NAME` and `_expand` call it. */
  name: string;
  /** The list's path in the project (`/users`); a record is at `{path}/{id}`. */
  path: string;
  /** The template of one record. */
  template: JsonObject;
  /** The records it starts with. */
  count: number;
  unknownFields: 'refuse' | 'keep';
  cascade: boolean;
  /** Grows with each reseed: part of the seed. */
  seedVersion: number;
  /** Grows with each change of the definition. */
  version: number;
  /** The bearer token its calls need (the project's is taken too); null or absent: none. */
  authToken?: string | null;
}

/** The seed of a collection's records: the project's, its name and its reseeds. */
export function collectionSeed(projectSeed: number | string, definition: CollectionDefinition) {
  return `${projectSeed}:${definition.name}:${definition.seedVersion}`;
}

/** How a collection's ids are made, from its template. */
export function idKindOfCollection(definition: Pick<CollectionDefinition, 'template'>): IdKind {
  return idKindOf(definition.template);
}

/**
 * The `_expand` and `_embed` of a call (json-server's), each resolved to the collection and the
 * fields it joins. Pure: the records they join come from the same session's views.
 */
import { ErrorCode, type RawQuery } from '@mocksmith/core';
import {
  type CollectionCall,
  type CollectionDefinition,
  type CollectionProject,
  parseRef,
  referenceTo,
} from '@mocksmith/core/collections';
import { type Refuse, refusal } from './refusal.ts';

/** The most `_expand` and `_embed` names of one call (each is read from another collection). */
export const MAX_RELATIONS = 10;

/** A join a call asks for: the collection it reads and the fields it matches. */
export type Relation =
  | { kind: 'expand'; name: string; field: string; target: CollectionDefinition }
  | { kind: 'embed'; name: string; field: string; ownField: string; target: CollectionDefinition };

/** The `_expand` and `_embed` of a call, each resolved to the collection and fields it joins. */
export function relationsOf(call: CollectionCall, refuse: Refuse = refusal): Relation[] {
  const expand = [...new Set(valuesOf(call.query, '_expand'))];
  const embed = [...new Set(valuesOf(call.query, '_embed'))];
  if (expand.length + embed.length > MAX_RELATIONS) {
    throw refuse(
      ErrorCode.BAD_REQUEST,
      `A call expands and embeds at most ${MAX_RELATIONS} collections; this one names ${expand.length + embed.length}`,
    );
  }
  return [
    ...expand.map((name) => expansionOf(call.project, call.collection, name, refuse)),
    ...embed.map((name) => embeddingOf(call.project, call.collection, name, refuse)),
  ];
}

function valuesOf(query: RawQuery, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  const list: readonly string[] = Array.isArray(value) ? value : [value as string];
  return list.flatMap((v) => v.split(',').filter((part) => part !== ''));
}

/** `_expand=user` on orders: the field `userId` and the collection it references. */
function expansionOf(
  project: CollectionProject,
  collection: CollectionDefinition,
  name: string,
  refuse: Refuse,
): Relation {
  const field = `${name}Id`;
  const value = collection.template[field];
  if (typeof value === 'string') {
    const ref = parseRef(value);
    const target = ref?.ok
      ? project.collections.find((c) => c.name === ref.ref.collection)
      : undefined;
    if (target) return { kind: 'expand', name, field, target };
  }
  const target = project.collections.find((c) => c.name === `${name}s` || c.name === name);
  if (target && field in collection.template) return { kind: 'expand', name, field, target };
  throw refuse(
    ErrorCode.BAD_REQUEST,
    `_expand=${name}: ${collection.name} has no field ${field} that references another collection of this project`,
  );
}

/** `_embed=orders` on users: the orders whose field references a user. */
function embeddingOf(
  project: CollectionProject,
  collection: CollectionDefinition,
  name: string,
  refuse: Refuse,
): Relation {
  const target = project.collections.find((c) => c.name === name);
  const reference = target ? referenceTo(target, collection) : undefined;
  if (target && reference) {
    return { kind: 'embed', name, field: reference.field, ownField: reference.targetField, target };
  }
  throw refuse(
    ErrorCode.BAD_REQUEST,
    target
      ? `_embed=${name}: no field of ${name} references ${collection.name}`
      : `_embed=${name}: this project has no collection named ${name}`,
  );
}

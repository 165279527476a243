/**
 * How a project's collections refer to one another: a field of one holding the value of a field
 * of another (`userId` of orders, the `id` of a user). What `_embed`, the nested URLs
 * (`/users/{id}/orders`, json-server's) and cascading deletes follow, and what the management API
 * says of a collection's references.
 */
import type { CollectionDefinition } from './definition.ts';
import { ID_FIELD, parseRef } from './records.ts';

/** What a collection's references are read from: its name and its record template. */
type Named = { name: string; template: Readonly<Record<string, unknown>> };

/** A field of one collection that holds values of a field of another. */
export interface Reference {
  /** The referring field (`userId`). */
  field: string;
  /** The referenced collection's field (`id`). */
  targetField: string;
}

/**
 * The field by which `from` refers to `target`: a top-level field written `ref:TARGET.FIELD`,
 * else, as json-server names them, a field `{target}Id` (`userId` for `users`: its last `s`
 * dropped) referring to its id. Undefined when `from` has neither.
 */
export function referenceTo(
  from: Pick<Named, 'template'>,
  target: Pick<Named, 'name'>,
): Reference | undefined {
  for (const [field, value] of Object.entries(from.template)) {
    if (typeof value !== 'string') continue;
    const ref = parseRef(value);
    if (ref?.ok && ref.ref.collection === target.name) {
      return { field, targetField: ref.ref.field };
    }
  }
  const field = `${target.name.replace(/s$/, '')}Id`;
  return field in from.template ? { field, targetField: ID_FIELD } : undefined;
}

/**
 * The collections of a project that refer to `target` by one of their fields, written
 * `ref:TARGET.FIELD` (any top-level field, each), in the project's order; `target` itself among
 * them when it refers to itself. What a cascading delete of a `target` record follows.
 */
export function referrersOf<C extends Named>(
  collections: readonly C[],
  target: Pick<Named, 'name'>,
): (Reference & { collection: C })[] {
  const found: (Reference & { collection: C })[] = [];
  for (const collection of collections) {
    for (const [field, value] of Object.entries(collection.template)) {
      if (typeof value !== 'string') continue;
      const ref = parseRef(value);
      if (ref?.ok && ref.ref.collection === target.name) {
        found.push({ collection, field, targetField: ref.ref.field });
      }
    }
  }
  return found;
}

/** A reference between two collections as the management API states it. */
export interface ReferenceNote {
  /** The referring collection (`orders`) and its field (`userId`). */
  from: string;
  field: string;
  /** The referenced collection (`users`): its Cascade deletes decides. */
  to: string;
  /** Whether deleting a record of `to` deletes the records of `from` that name it. */
  cascade: boolean;
  /** The same in words, with where to change it. */
  note: string;
}

/**
 * The `ref:` references a collection makes and receives in its project, each with what deleting
 * a referenced record does to the records naming it: the referenced collection's cascade (set on
 * it, not on the referring one) deletes them in the same session, else they stay, dangling.
 */
export function referenceNotes(
  collections: readonly (Named & { cascade: boolean })[],
  collection: Named & { cascade: boolean },
): ReferenceNote[] {
  const notes: ReferenceNote[] = [];
  const add = (from: string, field: string, to: { name: string; cascade: boolean }) => {
    notes.push({
      from,
      field,
      to: to.name,
      cascade: to.cascade,
      note: to.cascade
        ? `Deleting a record of ${to.name} deletes the records of ${from} whose ${field} names it, in the same session (Cascade deletes is on for ${to.name}).`
        : `Deleting a record of ${to.name} leaves the records of ${from} whose ${field} names it, naming a record that is gone: turn on Cascade deletes on ${to.name} to delete them with it.`,
    });
  };
  for (const target of collections) {
    if (target.name === collection.name) continue;
    for (const { field } of referrersOf([collection], target)) add(collection.name, field, target);
  }
  for (const { collection: from, field } of referrersOf(collections, collection)) {
    add(from.name, field, collection);
  }
  return notes;
}

/**
 * The nested lists of a project, as json-server serves them: for each collection and each other
 * collection that refers to it ({@link referenceTo}), the second's records of one of the
 * first's at `{first's path}/{id}/{second's name}` (`/users/{id}/orders`).
 */
export function nestedLists(
  collections: readonly CollectionDefinition[],
): { parent: CollectionDefinition; child: CollectionDefinition; reference: Reference }[] {
  const nested: {
    parent: CollectionDefinition;
    child: CollectionDefinition;
    reference: Reference;
  }[] = [];
  for (const parent of collections) {
    for (const child of collections) {
      if (child === parent) continue;
      const reference = referenceTo(child, parent);
      if (reference) nested.push({ parent, child, reference });
    }
  }
  return nested;
}

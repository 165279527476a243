/**
 * The seeded records of collections, made from their templates, counts and seeds (the same on
 * every node and in every host) and kept in memory: made once per version of the project's
 * collections (the targets of its references first), small ones on the calling thread, others in
 * the worker, so that a wide template of 10,000 records never holds the event loop. Calls
 * meanwhile share the making.
 */
import type { JsonObject, JsonValue } from '@mocksmith/core';
import {
  type CollectionDefinition,
  type CollectionProject,
  collectionSeed,
  type FieldRef,
  ID_FIELD,
  parseRef,
  recordKey,
  seedRecords,
} from '@mocksmith/core/collections';
import type { CollectionWorker } from './worker.ts';

/** The seeded records of a collection, made once per version of the project's collections. */
export interface Seeded {
  records: JsonObject[];
  byId: Map<string, JsonObject>;
  /** The id a POST without one gets when nothing was written yet. */
  nextId: number;
}

export interface SeededRecordsOptions {
  /** Where large collections are seeded; none: on the calling thread. */
  worker?: Pick<CollectionWorker, 'seed'>;
  /** Seeded records kept in memory across collections (least recently used go first). */
  maxCachedRecords?: number;
}

/** A collection seeded on the calling thread when its records hold at most this many values. */
const SMALL_SEEDING = 5_000;

export function createSeededRecords({
  worker,
  maxCachedRecords = 300_000,
}: SeededRecordsOptions = {}) {
  // Seeded records by collection id; `key` says which definitions, `used` when last asked for.
  // A hit only writes `used`: moving the entry to the Map's end (a delete and a set) on every
  // call would make V8 build the long-lived Map's table again, in the old generation, every few
  // calls, and the garbage called a full collection every few seconds under load (p99 twice
  // what it was). The least recently used are found when the cap is passed, which is rare.
  const cache = new Map<
    string,
    { key: string; seeded: Promise<Seeded>; count: number; used: number }
  >();
  let uses = 0;
  let cachedRecords = 0;

  /**
   * Past `maxCachedRecords`, drops the least recently used collections' records (never
   * `keptId`'s) down to nine tenths of it, so that the next drops are some seedings away.
   */
  const dropLeastUsed = (keptId: string) => {
    if (cachedRecords <= maxCachedRecords) return;
    const byUse = [...cache].sort(([, a], [, b]) => a.used - b.used);
    for (const [id, entry] of byUse) {
      if (cachedRecords <= maxCachedRecords * 0.9) break;
      if (id === keptId) continue;
      cache.delete(id);
      cachedRecords -= entry.count;
    }
  };

  /** What the seeded records of a project's collections depend on: seeds and definitions. */
  const definitionsKey = (project: CollectionProject) =>
    `${project.seed}|${project.collections.map((c) => `${c.id}:${c.version}:${c.seedVersion}`).join(',')}`;

  /** `making`: the collections whose making asks for this one (their references'), if any. */
  const seededOf = (
    project: CollectionProject,
    collection: CollectionDefinition,
    making?: ReadonlySet<string>,
  ): Promise<Seeded> => {
    const key = definitionsKey(project);
    const cached = cache.get(collection.id);
    if (cached && cached.key === key) {
      cached.used = ++uses;
      return cached.seeded;
    }
    const made = makeSeeded(project, collection, new Set([...(making ?? []), collection.id]));
    if (cached) cachedRecords -= cached.count;
    const entry = { key, seeded: made, count: 0, used: ++uses };
    cache.set(collection.id, entry);
    made.then(
      (seeded) => {
        if (cache.get(collection.id) !== entry) return;
        entry.count = seeded.records.length;
        cachedRecords += entry.count;
        dropLeastUsed(collection.id);
      },
      // A failure is not kept: the next call tries again.
      () => {
        if (cache.get(collection.id) === entry) cache.delete(collection.id);
      },
    );
    return made;
  };

  const makeSeeded = async (
    project: CollectionProject,
    collection: CollectionDefinition,
    making: ReadonlySet<string>,
  ): Promise<Seeded> => {
    const refs: Record<string, JsonValue[]> = {};
    for (const ref of refsOf(collection.template)) {
      const target = project.collections.find((c) => c.name === ref.collection);
      // A reference to no collection, or back into one being made, draws nothing (null).
      if (!target || making.has(target.id)) continue;
      const seeded = await seededOf(project, target, making);
      refs[`${ref.collection}.${ref.field}`] = seeded.records.map((r) => r[ref.field] ?? null);
    }
    const job = {
      template: collection.template,
      seed: collectionSeed(project.seed, collection),
      count: collection.count,
      refs,
    };
    const small = collection.count * (Object.keys(collection.template).length + 1) <= SMALL_SEEDING;
    const records =
      small || worker === undefined
        ? seedRecords(job.template, {
            ...job,
            refs: (name, field) => refs[`${name}.${field}`] ?? [],
          })
        : await worker.seed(job);
    return seededFrom(records);
  };

  return {
    /** The seeded records of a collection of the project (made now, or kept since). */
    seededOf: (project: CollectionProject, collection: CollectionDefinition): Promise<Seeded> =>
      seededOf(project, collection),
    /** Forgets every collection's seeded records. */
    clear() {
      cache.clear();
      cachedRecords = 0;
    },
  };
}

export type SeededRecords = ReturnType<typeof createSeededRecords>;

/** Seeded records with their index by id and the next whole-number id. */
export function seededFrom(records: JsonObject[]): Seeded {
  const byId = new Map<string, JsonObject>();
  let maxInt = 0;
  for (const record of records) {
    const id = record[ID_FIELD];
    byId.set(recordKey(id), record);
    if (typeof id === 'number' && id > maxInt) maxInt = id;
  }
  return { records, byId, nextId: Math.floor(maxInt) + 1 };
}

/** Each `ref:COLLECTION.FIELD` of a template, at any depth, once. */
export function refsOf(template: JsonValue): FieldRef[] {
  const found = new Map<string, FieldRef>();
  const walk = (value: JsonValue) => {
    if (typeof value === 'string') {
      const read = parseRef(value);
      if (read?.ok) found.set(`${read.ref.collection}.${read.ref.field}`, read.ref);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(template);
  return [...found.values()];
}

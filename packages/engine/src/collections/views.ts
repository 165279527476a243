/**
 * A session's view of a collection: its seeded records with the session's changes laid over
 * them, current as of one read of the state's version. Views are kept per collection and
 * session while their version holds; reads of one state share their version queries; a host
 * that is the only one writing (`alone`) knows the versions it made and asks for none.
 */
import type { JsonObject } from '@mocksmith/core';
import {
  type CollectionDefinition,
  type CollectionProject,
  ID_FIELD,
  knowRecordSize,
  recordKey,
} from '@mocksmith/core/collections';
import type { Seeded, SeededRecords } from './seeded.ts';
import type { ChangedRecord, CollectionStore } from './store.ts';

/** A session's records of a collection: the seeded ones with its changes laid over them. */
export interface View {
  version: number | null;
  seeded: Seeded;
  records: JsonObject[];
  byId: Map<string, JsonObject>;
}

/** The views kept on a node, past which the oldest go. */
const MAX_VIEWS = 5_000;
/** The versions known alone, past which they are all forgotten. */
const MAX_KNOWN_VERSIONS = 50_000;

export interface ViewsOptions {
  store: Pick<CollectionStore, 'stateVersion' | 'changedRecords'>;
  seeded: SeededRecords;
  /**
   * This host is the only one writing the store: it sees every change of the state itself,
   * and a read needs no query of the state's version.
   */
  alone?: boolean;
}

export function createViews({ store, seeded: seededRecords, alone = false }: ViewsOptions) {
  const views = new Map<string, View>();
  // Alone, the state's version of each collection and session as this node last read it,
  // forgotten at every change this node makes (the only changes there are): a read of a state
  // nothing changed since costs no query. `changes` counts them, so that a version read while
  // a change was made is not kept after it.
  const knownVersions = alone ? new Map<string, number | null>() : null;
  let changes = 0;

  /**
   * The state's version, read for a call: reads of one collection in one session share their
   * queries. A read that arrives while a query is on its way waits for the next one (which
   * starts when that one returns, for every read that came meanwhile), never joins it: so each
   * read sees every write committed before it arrived, and a burst of reads costs a query per
   * round trip rather than one each.
   */
  const versionQueries = new Map<
    string,
    { query: Promise<number | null>; next: Promise<number | null> | null }
  >();
  const versionOf = (collectionId: string, session: string): Promise<number | null> => {
    const key = `${collectionId}|${session}`;
    const start = (): Promise<number | null> => {
      const entry = {
        query: store.stateVersion(collectionId, session),
        next: null as Promise<number | null> | null,
      };
      versionQueries.set(key, entry);
      const settle = () => {
        if (entry.next === null && versionQueries.get(key) === entry) versionQueries.delete(key);
      };
      entry.query.then(settle, settle);
      return entry.query;
    };
    const running = versionQueries.get(key);
    if (!running) return start();
    // Started once the query on its way returns (after its own settling, registered first).
    running.next ??= running.query.then(start, start);
    return running.next;
  };

  /** The state's version from the store; alone, kept unless a change was made meanwhile. */
  const readVersion = async (collectionId: string, session: string, key: string) => {
    const before = changes;
    const version = await versionOf(collectionId, session);
    if (knownVersions !== null && changes === before) {
      if (knownVersions.size >= MAX_KNOWN_VERSIONS) knownVersions.clear();
      knownVersions.set(key, version);
    }
    return version;
  };

  return {
    /** The session's records of a collection, current as of one query (none alone, mostly). */
    async viewOf(
      project: CollectionProject,
      collection: CollectionDefinition,
      session: string,
    ): Promise<View> {
      const key = `${collection.id}|${session}`;
      const known = knownVersions?.get(key);
      const [seeded, version] = await Promise.all([
        seededRecords.seededOf(project, collection),
        known !== undefined ? known : readVersion(collection.id, session, key),
      ]);
      if (version === null) {
        return { version: null, seeded, records: seeded.records, byId: seeded.byId };
      }
      const cached = views.get(key);
      if (cached && cached.version === version && cached.seeded === seeded) return cached;
      const changed = await store.changedRecords(collection.id, session);
      const view = buildView(seeded, changed.version ?? version, changed.records);
      views.delete(key);
      views.set(key, view);
      if (views.size > MAX_VIEWS) views.delete(views.keys().next().value as string);
      return view;
    },

    /** Forgets the known version of one collection and session (`{id}|{session}`), or all. */
    forgetVersions(key?: string) {
      changes++;
      if (key === undefined) knownVersions?.clear();
      else knownVersions?.delete(key);
    },

    /** Forgets every view and known version. */
    clear() {
      views.clear();
      changes++;
      knownVersions?.clear();
    },
  };
}

export type Views = ReturnType<typeof createViews>;

/** The seeded records with a session's changes laid over them, in the order a list shows them. */
export function buildView(
  seeded: Seeded,
  version: number,
  changed: readonly ChangedRecord[],
): View {
  if (changed.length === 0) {
    return { version, seeded, records: seeded.records, byId: seeded.byId };
  }
  const overlay = new Map<string, ChangedRecord>();
  for (const record of changed) overlay.set(record.recordId, record);
  const records: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  for (const record of seeded.records) {
    const key = recordKey(record[ID_FIELD]);
    const change = overlay.get(key);
    const value = change === undefined ? record : change.data;
    if (value === null) continue;
    if (change !== undefined) knowRecordSize(value, change.bytes);
    records.push(value);
    byId.set(key, value);
  }
  const added = changed
    .filter((record) => record.data !== null && !seeded.byId.has(record.recordId))
    .sort((a, b) => a.position - b.position);
  for (const record of added) {
    const value = record.data as JsonObject;
    knowRecordSize(value, record.bytes);
    records.push(value);
    byId.set(record.recordId, value);
  }
  return { version, seeded, records, byId };
}

/**
 * The answer step of a collection's calls (DESIGN.md §4b): list, read, add, replace, merge and
 * delete records in a session's state, and reset it.
 *
 * A collection's records are its seeded ones (made from its template, count and seed, the same
 * on every node, kept in memory) with a session's changes laid over them (PostgreSQL). A read
 * costs one query: the state's version, which says whether this node's view of the session is
 * current; a write runs in one transaction holding the state's row, so that writes of a
 * collection in a session go one at a time on every node and none is lost. On each node, writes
 * of one collection in one session also queue in the process, so that a burst of them holds one
 * database connection rather than the whole pool.
 */

import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  messages,
  type RawQuery,
} from '@mocksmith/core';
import type { FieldRef } from '@mocksmith/core/collections';
import {
  answerList as answerListOf,
  type CollectionCall,
  type CollectionCaller,
  type CollectionDefinition,
  type CollectionProject,
  checkRecord,
  collectionSeed,
  ID_FIELD,
  type IdKind,
  idKindOf,
  joinRelations,
  recordKey as keyOf,
  knowRecordSize,
  type ListRelation,
  MAX_COLLECTION_RECORDS,
  parseRef,
  recordsReadBy,
  referenceTo,
  referrersOf,
  SESSION_NAME_MESSAGE,
  SESSION_NAME_PATTERN,
  seedRecords,
  recordSize as sizeOf,
} from '@mocksmith/core/collections';
import { isUuid } from '@mocksmith/core/ids';
import { AppError } from '../../lib/errors.ts';
import { createWorkPool, type WorkPool } from '../../lib/work-pool.ts';
import type {
  ChangedRecord,
  ChangedRow,
  CollectionsRepository,
  SessionMaker,
  StateClient,
} from './collections.repository.ts';

export interface CollectionAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  /** JSON text, or its UTF-8 bytes when made in the worker; none for a 204. */
  payload: string | Buffer | undefined;
}

/**
 * Where heavy list answers take their place (the large answers' caps, answer-budget.ts): at
 * most a few of a project and of an account at once, and bytes per minute.
 */
export interface HeavyAnswerGate {
  /** Takes a place for a heavy answer of the project, or throws the 429; returns its release. */
  admit(projectId: string, ownerId: string): () => void;
  /** Counts the bytes of a heavy answer made. */
  charge(projectId: string, ownerId: string, bytes: number): void;
}

export interface CollectionStateOptions {
  repository: CollectionsRepository;
  /** The largest answer in bytes (MOCK_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** The most bytes of state an owner stores (MOCK_STATE_BYTES_PER_ACCOUNT). */
  maxOwnerBytes: number;
  /**
   * The most of those bytes calls without the owner's credentials may write (a share of
   * `maxOwnerBytes`, MOCK_ANON_STATE_SHARE); all of them when absent.
   */
  maxAnonymousBytes?: number;
  /**
   * Counts a session an anonymous caller is about to start, throwing (429) past the caller's
   * budget (MOCK_ANON_SESSIONS_PER_HOUR, shared through Redis); none: no budget.
   */
  admitNewSession?: (projectId: string, address: string) => Promise<void>;
  /**
   * The most live sessions of a project of each maker, the owner's and anyone's (the least
   * recently used of the same maker go first).
   */
  maxSessions?: number;
  /** A session unused this long is emptied (hours). */
  sessionTtlHours?: number;
  /** Seeded records kept in memory across collections (least recently used go first). */
  maxCachedRecords?: number;
  /** Writes of one collection in one session waiting on a node, past which a write gets 429. */
  maxQueuedWrites?: number;
  /**
   * This node is the only one (no Redis, so no other node shares the database): it sees every
   * change of the state itself, and a read needs no query of the state's version.
   */
  alone?: boolean;
  /** The worker of seeded records and heavy lists (default: one of its own, closed with it). */
  pool?: WorkPool;
  /** The caps of heavy list answers; none without it. */
  heavy?: HeavyAnswerGate;
  /**
   * A list call reading more records than this (its collection's, and every record of those it
   * expands or embeds) is heavy: it is answered in the worker, within the caps of `heavy`.
   */
  heavyListRecords?: number;
}

/** The seeded records of a collection, made once per version of the project's collections. */
interface Seeded {
  records: JsonObject[];
  byId: Map<string, JsonObject>;
  /** The id a POST without one gets when nothing was written yet. */
  nextId: number;
}

/** A session's records of a collection: the seeded ones with its changes laid over them. */
interface View {
  version: number | null;
  seeded: Seeded;
  records: JsonObject[];
  byId: Map<string, JsonObject>;
}

/** The list answers kept per node (characters of their keys and bodies), and the largest one. */
const PAGE_ANSWERS_SIZE = 8 * 1024 * 1024;
const PAGE_ANSWER_MAX_SIZE = 64 * 1024;

const SESSION_TOUCH_MS = 60_000;
/**
 * What a changed record's row costs against the account's bytes beside its JSON: a deleted
 * seeded record (a row without a value) is not free, so deletes cannot grow the table unbounded.
 */
const ROW_COST = 64;
/** The records of nested lists (`/users/{id}/orders`) kept per view, across its parents. */
const NESTED_RECORDS = 100_000;
/** The most `_expand` and `_embed` names of one call (each is read from another collection). */
const MAX_RELATIONS = 10;

/** A changed record's cost: its JSON and its row. */
const costOf = (row: ChangedRow | undefined) => (row === undefined ? 0 : row.bytes + ROW_COST);
/**
 * What replacing `row` with a row of `cost` bytes changes in the owner's usage: in all, and in
 * the part anonymous calls wrote (a row is charged to whoever wrote it last).
 */
const changeOf = (row: ChangedRow | undefined, cost: number, anonymous: boolean) => {
  const old = costOf(row);
  return {
    delta: cost - old,
    anonymousDelta: (anonymous ? cost : 0) - (row?.anonymous ? old : 0),
  };
};
/** What the sessions of a project need of it. */
type SessionProject = Pick<CollectionProject, 'id' | 'ownerId'>;
/** A call that says nothing of its caller: anyone's, from no address in particular. */
const ANYONE: CollectionCaller = { owner: false, address: '' };
const makerOf = (caller: CollectionCaller): SessionMaker => (caller.owner ? 'owner' : 'anonymous');
const JSON_HEADERS: readonly (readonly [string, string])[] = [];
const INT_SHAPE = /^[1-9][0-9]{0,14}$/;

/**
 * A list call reading more records than this is heavy (HeavyAnswerGate): a page of at most
 * 1,000 records of any collection is not; filtering, sorting or joining a large one is.
 */
const HEAVY_LIST_RECORDS = 1_000;

/** The session a call names: `X-Mock-Session`, else `?__session`, else the shared state (''). */
export function sessionOf(header: string | string[] | undefined, query: RawQuery): string {
  const given = Array.isArray(header) ? header[0] : header;
  const fromQuery = query.__session;
  const name =
    given ?? (Array.isArray(fromQuery) ? fromQuery[0] : (fromQuery as string | undefined));
  if (name === undefined || name === '') return '';
  if (!SESSION_NAME_PATTERN.test(name)) {
    throw new AppError(
      ErrorCode.INVALID_SESSION,
      `${SESSION_NAME_MESSAGE}: "${name.slice(0, 80)}" is not`,
    );
  }
  return name;
}

export function createCollectionState({
  repository,
  maxResponseBytes,
  maxOwnerBytes,
  maxAnonymousBytes = maxOwnerBytes,
  admitNewSession,
  maxSessions = 1_000,
  sessionTtlHours = 24,
  maxCachedRecords = 300_000,
  maxQueuedWrites = 2_000,
  alone = false,
  pool,
  heavy,
  heavyListRecords = HEAVY_LIST_RECORDS,
}: CollectionStateOptions) {
  // Seeded records by collection id; `key` says which definitions, `used` when last asked for.
  // A hit only writes `used`: moving the entry to the Map's end (a delete and a set) on every
  // call would make V8 build the long-lived Map's table again, in the old generation, every few
  // calls, and the garbage called a full collection every few seconds under load (p99 twice
  // what it was). The least recently used are found when the cap is passed, which is rare.
  const seededCache = new Map<
    string,
    { key: string; seeded: Promise<Seeded>; count: number; used: number }
  >();
  let uses = 0;
  const work = pool ?? createWorkPool();
  let cachedRecords = 0;
  /**
   * Past `maxCachedRecords`, drops the least recently used collections' records (never
   * `keptId`'s) down to nine tenths of it, so that the next drops are some seedings away.
   */
  const dropLeastUsed = (keptId: string) => {
    if (cachedRecords <= maxCachedRecords) return;
    const byUse = [...seededCache].sort(([, a], [, b]) => a.used - b.used);
    for (const [id, entry] of byUse) {
      if (cachedRecords <= maxCachedRecords * 0.9) break;
      if (id === keptId) continue;
      seededCache.delete(id);
      cachedRecords -= entry.count;
    }
  };
  const views = new Map<string, View>();
  // When each session was last touched on this node, and the touch (calls meanwhile wait for it).
  const touched = new Map<string, { at: number; done: Promise<void> }>();
  const writeQueues = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  // Alone, the state's version of each collection and session as this node last read it,
  // forgotten at every change this node makes (the only changes there are): a read of a state
  // nothing changed since costs no query. `changes` counts them, so that a version read while
  // a change was made is not kept after it.
  const knownVersions = alone ? new Map<string, number | null>() : null;
  let changes = 0;
  /** Forgets the known version of one collection and session, or all of them. */
  const forgetVersions = (key?: string) => {
    changes++;
    if (key === undefined) knownVersions?.clear();
    else knownVersions?.delete(key);
  };

  /** What the seeded records of a project's collections depend on: seeds and definitions. */
  const definitionsKey = (project: CollectionProject) =>
    `${project.seed}|${project.collections.map((c) => `${c.id}:${c.version}:${c.seedVersion}`).join(',')}`;

  /**
   * The seeded records of a collection: made once per version of the project's collections
   * (the targets of its references first), small ones here, others in the background worker,
   * so that a wide template of 10,000 records never holds the event loop. Calls meanwhile share
   * the making.
   */
  const seededOf = (
    project: CollectionProject,
    collection: CollectionDefinition,
    making: ReadonlySet<string> = new Set(),
  ): Promise<Seeded> => {
    const key = definitionsKey(project);
    const cached = seededCache.get(collection.id);
    if (cached && cached.key === key) {
      cached.used = ++uses;
      return cached.seeded;
    }
    const made = makeSeeded(project, collection, new Set([...making, collection.id]));
    if (cached) cachedRecords -= cached.count;
    const entry = { key, seeded: made, count: 0, used: ++uses };
    seededCache.set(collection.id, entry);
    made.then(
      (seeded) => {
        if (seededCache.get(collection.id) !== entry) return;
        entry.count = seeded.records.length;
        cachedRecords += entry.count;
        dropLeastUsed(collection.id);
      },
      // A failure is not kept: the next call tries again.
      () => {
        if (seededCache.get(collection.id) === entry) seededCache.delete(collection.id);
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
    const small = collection.count * (Object.keys(collection.template).length + 1) <= 5_000;
    const records = small
      ? seedRecords(job.template, {
          ...job,
          refs: (name, field) => refs[`${name}.${field}`] ?? [],
        })
      : await work.seed(job);
    const byId = new Map<string, JsonObject>();
    let maxInt = 0;
    for (const record of records) {
      const id = record[ID_FIELD];
      byId.set(keyOf(id), record);
      if (typeof id === 'number' && id > maxInt) maxInt = id;
    }
    return { records, byId, nextId: Math.floor(maxInt) + 1 };
  };

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
        query: repository.stateVersion(collectionId, session),
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

  /** The state's version from the database; alone, kept unless a change was made meanwhile. */
  const readVersion = async (collectionId: string, session: string, key: string) => {
    const before = changes;
    const version = await versionOf(collectionId, session);
    if (knownVersions !== null && changes === before) {
      if (knownVersions.size >= 50_000) knownVersions.clear();
      knownVersions.set(key, version);
    }
    return version;
  };

  /** The session's records of a collection, current as of one query (none alone, mostly). */
  const viewOf = async (
    project: CollectionProject,
    collection: CollectionDefinition,
    session: string,
  ): Promise<View> => {
    const key = `${collection.id}|${session}`;
    const known = knownVersions?.get(key);
    const [seeded, version] = await Promise.all([
      seededOf(project, collection),
      known !== undefined ? known : readVersion(collection.id, session, key),
    ]);
    if (version === null) {
      return { version: null, seeded, records: seeded.records, byId: seeded.byId };
    }
    const cached = views.get(key);
    if (cached && cached.version === version && cached.seeded === seeded) return cached;
    const changed = await repository.changedRecords(collection.id, session);
    const view = buildView(seeded, changed.version ?? version, changed.records);
    views.delete(key);
    views.set(key, view);
    if (views.size > 5_000) views.delete(views.keys().next().value as string);
    return view;
  };

  /**
   * Marks a session used, emptying it when it expired and trimming the project's sessions. A
   * session an anonymous caller starts is counted against the caller's budget first (429 past
   * it); the owner's call makes the session the owner's.
   */
  const touch = (
    project: SessionProject,
    session: string,
    caller: CollectionCaller,
  ): Promise<void> => {
    const madeBy = makerOf(caller);
    // By maker too: an anonymous call's touch must not spare the owner's its naming.
    const key = `${project.id}|${session}|${madeBy}`;
    const now = Date.now();
    const last = touched.get(key);
    if (last !== undefined && now - last.at < SESSION_TOUCH_MS) return last.done;
    if (touched.size > 50_000) touched.clear();
    const done = (async () => {
      let prior: Date | null;
      if (session !== '' && madeBy === 'anonymous' && admitNewSession) {
        prior = await repository.useSession(project.id, session, madeBy);
        if (prior === null) {
          await admitNewSession(project.id, caller.address);
          prior = await repository.touchSession(project.id, session, madeBy);
        }
      } else {
        prior = await repository.touchSession(project.id, session, madeBy);
      }
      if (session === '') return;
      if (prior === null) {
        // New, or back after the maintenance deleted it (its state with it); and trimming
        // deletes other sessions' states.
        forgetVersions();
        await trim(project, madeBy);
      } else if (now - prior.getTime() > sessionTtlHours * 3_600_000) {
        // Expired: emptied before this call (and any sent with it) reads or writes.
        const freed = await repository.clearSessionState(project.id, session);
        forgetVersions();
        await repository.releaseUsage(project.ownerId, freed);
      }
    })();
    const entry = { at: now, done };
    touched.set(key, entry);
    // A failed touch is tried again by the next call.
    done.catch(() => {
      if (touched.get(key) === entry) touched.delete(key);
    });
    return done;
  };

  /**
   * Keeps the project's most recently used sessions of one maker, freeing the others' bytes: an
   * anonymous session pushes out anonymous ones only, never the owner's.
   */
  const trim = async (project: SessionProject, madeBy: SessionMaker) => {
    const freed = await repository.trimSessions(project.id, maxSessions, madeBy);
    forgetVersions();
    await repository.releaseUsage(project.ownerId, freed);
  };

  /** Runs `work` after the node's earlier writes of this collection in this session. */
  const queued = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let queue = writeQueues.get(key);
    if (!queue) {
      queue = { tail: Promise.resolve(), waiting: 0 };
      writeQueues.set(key, queue);
    }
    if (queue.waiting >= maxQueuedWrites) {
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `${maxQueuedWrites} writes to this collection are already waiting: try again in a moment`,
        { headers: { 'Retry-After': '1' } },
      );
    }
    queue.waiting++;
    const own = queue;
    const run = own.tail.then(work, work);
    own.tail = run.then(
      () => {},
      () => {},
    );
    return run.finally(() => {
      own.waiting--;
      if (own.waiting === 0 && writeQueues.get(key) === own) writeQueues.delete(key);
    });
  };

  // The answers of list queries, by the records they were made from and the query: a page
  // asked again (a list view polling, many clients on one page) is sent as it was made rather
  // than filtered, sorted and serialised again. A change of the state makes other records (a
  // new view), so an answer kept is never stale; records are named by a number given weakly,
  // never held. First in, first out, within PAGE_ANSWERS_SIZE; no answer with `_expand` or
  // `_embed` (they read other collections).
  const pageAnswers = new Map<string, { answer: CollectionAnswer; size: number }>();
  let pageAnswersSize = 0;
  const recordsStamps = new WeakMap<readonly JsonObject[], number>();
  let lastStamp = 0;
  const keepPageAnswer = (key: string, answer: CollectionAnswer) => {
    const size = key.length + (answer.payload?.length ?? 0);
    if (size > PAGE_ANSWER_MAX_SIZE) return;
    pageAnswers.set(key, { answer, size });
    pageAnswersSize += size;
    for (const [oldest, kept] of pageAnswers) {
      if (pageAnswersSize <= PAGE_ANSWERS_SIZE) break;
      pageAnswers.delete(oldest);
      pageAnswersSize -= kept.size;
    }
  };

  /** A number per array of records (one per version of a view), for keys and the worker. */
  const stampOf = (records: readonly JsonObject[]): number => {
    let stamp = recordsStamps.get(records);
    if (stamp === undefined) {
      stamp = ++lastStamp;
      recordsStamps.set(records, stamp);
    }
    return stamp;
  };

  /**
   * A list answer of `records` (a view's, or a nested list's part of one), kept under those
   * records, the call's URL and its query.
   */
  const answerList = async (
    call: CollectionCall,
    records: readonly JsonObject[],
  ): Promise<CollectionAnswer> => {
    const stamp = stampOf(records);
    const key = `${stamp}|${call.listUrl}|${JSON.stringify(call.query)}`;
    const kept = pageAnswers.get(key);
    if (kept !== undefined) return kept.answer;
    const relations = await relatedOf(call);
    let answer: CollectionAnswer;
    if (recordsReadBy(records.length, call.query, relations) <= heavyListRecords) {
      const result = answerListOf(records, call.query, {
        pageUrl: call.listUrl,
        relations,
        maxBytes: maxResponseBytes,
      });
      if (!result.ok) throw new AppError(result.error.code, result.error.message);
      const { headers, payload } = result.value;
      answer = { status: 200, headers: Object.entries(headers), payload };
    } else {
      // Heavy: a place among the project's and the account's large answers (429 past them),
      // then made in the worker, where the records it reads stay for the next such call.
      const { project } = call;
      const release = heavy?.admit(project.id, project.ownerId);
      try {
        const made = await work.list({
          view: { stamp, records },
          query: call.query,
          pageUrl: call.listUrl,
          relations: relations.map(({ records, ...relation }) => ({
            ...relation,
            view: { stamp: stampOf(records), records },
          })),
          maxBytes: maxResponseBytes,
        });
        heavy?.charge(project.id, project.ownerId, made.body.length);
        answer = { status: 200, headers: Object.entries(made.headers), payload: made.body };
      } finally {
        release?.();
      }
    }
    if (relations.length === 0) keepPageAnswer(key, answer);
    return answer;
  };

  /** The `_expand` and `_embed` of a call, each resolved to the collection and fields it joins. */
  const relationsOf = (call: CollectionCall): Relation[] => {
    const expand = [...new Set(valuesOf(call.query, '_expand'))];
    const embed = [...new Set(valuesOf(call.query, '_embed'))];
    if (expand.length + embed.length > MAX_RELATIONS) {
      throw new AppError(
        ErrorCode.BAD_REQUEST,
        `A call expands and embeds at most ${MAX_RELATIONS} collections; this one names ${expand.length + embed.length}`,
      );
    }
    return [
      ...expand.map((name) => expansionOf(call.project, call.collection, name)),
      ...embed.map((name) => embeddingOf(call.project, call.collection, name)),
    ];
  };

  /** The relations of a call with the records they join from: the same session's views. */
  const relatedOf = async (call: CollectionCall): Promise<ListRelation[]> => {
    const relations = relationsOf(call);
    const targets = await Promise.all(
      relations.map((relation) => viewOf(call.project, relation.target, call.session)),
    );
    return relations.map((relation, index): ListRelation => {
      const { records } = targets[index] as View;
      return relation.kind === 'expand'
        ? { kind: 'expand', name: relation.name, field: relation.field, records }
        : {
            kind: 'embed',
            name: relation.name,
            field: relation.field,
            ownField: relation.ownField,
            records,
          };
    });
  };

  const answerOne = async (call: CollectionCall, view: View, id: string | number) => {
    const record = view.byId.get(String(id));
    if (!record) throw recordNotFound(call.collection, id);
    const relations = await relatedOf(call);
    if (relations.length === 0) {
      return { status: 200, headers: JSON_HEADERS, payload: JSON.stringify(record) };
    }
    const joined = joinRelations([record], relations, sizeOf(record), maxResponseBytes);
    if (!joined.ok) throw new AppError(joined.error.code, joined.error.message);
    return { status: 200, headers: JSON_HEADERS, payload: JSON.stringify(joined.value[0]) };
  };

  /** A write: the body checked first, then one transaction under the state's lock. */
  const write = async (
    call: CollectionCall,
    id: string | number | null,
  ): Promise<CollectionAnswer> => {
    const { collection, project, session } = call;
    const caller = call.caller ?? ANYONE;
    const anonymous = !caller.owner;
    const method = call.method;
    const kind = idKindOf(collection.template);
    let body: JsonObject | null = null;
    if (method !== 'DELETE') {
      // The id first: one of the wrong type is a 400 whatever else the body holds.
      const given = isJsonObject(call.body) ? call.body[ID_FIELD] : undefined;
      if (given !== undefined && method === 'POST') checkedId(collection, kind, given);
      if (given !== undefined && method !== 'POST' && keyOf(given) !== String(id)) {
        throw new AppError(
          ErrorCode.INVALID_ID,
          `The body's id ${JSON.stringify(given).slice(0, 80)} is not the path's ${JSON.stringify(id)}: a ${method} keeps the record's id`,
        );
      }
      body = checkedBody(call);
    }
    await touch(project, session, caller);
    const stateKey = `${collection.id}|${session}`;
    const { answer, sessionCreated } = await queued(stateKey, () =>
      repository.transaction(async (client) => {
        const seeded = await seededOf(project, collection);
        const state = await repository.lockState(
          client,
          { collectionId: collection.id, projectId: project.id, session, madeBy: makerOf(caller) },
          { nextId: seeded.nextId, count: seeded.records.length },
        );
        const made = (answer: CollectionAnswer) => ({
          answer,
          sessionCreated: state.sessionCreated,
        });
        if (method === 'POST') {
          return made(await add(client, call, seeded, state, kind, body as JsonObject));
        }
        const key = String(id);
        const row = await repository.changedRecord(client, collection.id, session, key);
        const current = row === undefined ? seeded.byId.get(key) : row.data;
        if (!current) throw recordNotFound(collection, id as string | number);
        if (method === 'DELETE') {
          await remove(client, call, seeded, state, key, row, current as JsonObject);
          return made({ status: 204, headers: JSON_HEADERS, payload: undefined });
        }
        const next: JsonObject =
          method === 'PUT'
            ? { [ID_FIELD]: id as JsonValue, ...withoutId(body as JsonObject) }
            : {
                ...(current as JsonObject),
                ...withoutId(body as JsonObject),
                [ID_FIELD]: id as JsonValue,
              };
        const change = changeOf(row, sizeOf(next) + ROW_COST, anonymous);
        await chargeUsage(client, project, change, true);
        await repository.writeRecord(client, collection.id, session, key, next, anonymous);
        await repository.saveState(client, collection.id, session, {
          nextId: state.nextId,
          count: state.count,
          bytes: state.bytes + change.delta,
          anonymousBytes: state.anonymousBytes + change.anonymousDelta,
          changed: state.changed + (row === undefined ? 1 : 0),
        });
        return made({ status: 200, headers: JSON_HEADERS, payload: JSON.stringify(next) });
      }),
    ).finally(() => forgetVersions(stateKey));
    // A session made again by this write (dropped or expired meanwhile) counts against the cap.
    if (sessionCreated && session !== '') await trim(project, makerOf(caller));
    return answer;
  };

  /**
   * Charges a change to the owner's usage. `refuse`: a change that grows past the account's
   * bytes, or grows the anonymous calls' part past their share, is refused (409, the transaction
   * rolled back). A delete is never refused: it is charged (a deleted seeded record keeps a row)
   * so that the next writes see the room there is, but a delete must always be able to make room.
   */
  const chargeUsage = async (
    client: StateClient,
    project: CollectionProject,
    { delta, anonymousDelta }: { delta: number; anonymousDelta: number },
    refuse: boolean,
  ) => {
    if (delta === 0 && anonymousDelta === 0) return;
    const total = await repository.addUsage(client, project.ownerId, delta, anonymousDelta);
    if (!refuse) return;
    if (delta > 0 && total.bytes > maxOwnerBytes) {
      throw new AppError(
        ErrorCode.STATE_LIMIT_REACHED,
        `This account's collections hold ${maxOwnerBytes} bytes of written records, their most: reset or delete sessions to make room`,
      );
    }
    if (anonymousDelta > 0 && total.anonymousBytes > maxAnonymousBytes) {
      throw new AppError(
        ErrorCode.STATE_LIMIT_REACHED,
        `Calls without a token hold ${maxAnonymousBytes} bytes of this account's written records, the most they may (${Math.round((maxAnonymousBytes / maxOwnerBytes) * 100)}% of its ${maxOwnerBytes}): send the project's token (Authorization: Bearer) to write more, or reset or delete sessions to make room`,
      );
    }
  };

  const add = async (
    client: StateClient,
    call: CollectionCall,
    seeded: Seeded,
    state: Awaited<ReturnType<CollectionsRepository['lockState']>>,
    kind: IdKind,
    body: JsonObject,
  ): Promise<CollectionAnswer> => {
    const { collection, session, project } = call;
    const anonymous = !(call.caller ?? ANYONE).owner;
    const given = body[ID_FIELD];
    let id: string | number;
    let row: ChangedRow | undefined;
    if (given !== undefined) {
      id = checkedId(collection, kind, given);
      row = await repository.changedRecord(client, collection.id, session, String(id));
      const exists = row === undefined ? seeded.byId.has(String(id)) : row.data !== null;
      if (exists) {
        throw new AppError(
          ErrorCode.RECORD_EXISTS,
          `${collection.name} already has a record with the id ${JSON.stringify(id)}`,
        );
      }
    } else {
      id = kind === 'int' ? state.nextId : randomUUID();
    }
    if (state.count >= MAX_COLLECTION_RECORDS) {
      throw new AppError(
        ErrorCode.COLLECTION_FULL,
        `${collection.name} holds ${MAX_COLLECTION_RECORDS.toLocaleString('en-US')} records, its most: delete some or reset the session`,
      );
    }
    const record: JsonObject = { [ID_FIELD]: id, ...withoutId(body) };
    const change = changeOf(row, sizeOf(record) + ROW_COST, anonymous);
    await chargeUsage(client, project, change, true);
    await repository.writeRecord(client, collection.id, session, String(id), record, anonymous);
    await repository.saveState(client, collection.id, session, {
      nextId: typeof id === 'number' ? Math.max(state.nextId, id + 1) : state.nextId,
      count: state.count + 1,
      bytes: state.bytes + change.delta,
      anonymousBytes: state.anonymousBytes + change.anonymousDelta,
      changed: state.changed + (row === undefined ? 1 : 0),
    });
    return {
      status: 201,
      headers: [['Location', `${call.listUrl}/${encodeURIComponent(String(id))}`]],
      payload: JSON.stringify(record),
    };
  };

  const remove = async (
    client: StateClient,
    call: CollectionCall,
    seeded: Seeded,
    state: Awaited<ReturnType<CollectionsRepository['lockState']>>,
    key: string,
    row: ChangedRow | undefined,
    current: JsonObject,
  ) => {
    const { collection, session, project } = call;
    const anonymous = !(call.caller ?? ANYONE).owner;
    const wasSeeded = seeded.byId.has(key);
    if (wasSeeded) {
      await repository.writeRecord(client, collection.id, session, key, null, anonymous);
    } else await repository.removeRecord(client, collection.id, session, key);
    const change = changeOf(row, wasSeeded ? ROW_COST : 0, anonymous);
    await chargeUsage(client, project, change, false);
    let changed = state.changed;
    if (wasSeeded && row === undefined) changed++;
    if (!wasSeeded && row !== undefined) changed--;
    await repository.saveState(client, collection.id, session, {
      nextId: state.nextId,
      count: state.count - 1,
      bytes: state.bytes + change.delta,
      anonymousBytes: state.anonymousBytes + change.anonymousDelta,
      changed,
    });
    if (collection.cascade) await cascade(client, call, current);
  };

  /** Deletes, in the same session, the records of other collections that reference `deleted`. */
  const cascade = async (client: StateClient, call: CollectionCall, deleted: JsonObject) => {
    const { project, collection, session } = call;
    const caller = call.caller ?? ANYONE;
    const anonymous = !caller.owner;
    const referring = referrersOf(project.collections, collection).sort((a, b) =>
      a.collection.id < b.collection.id ? -1 : 1,
    );
    for (const { collection: other, field, targetField } of referring) {
      const value = deleted[targetField];
      if (value === undefined || other.id === collection.id) continue;
      const seeded = await seededOf(project, other);
      const state = await repository.lockState(
        client,
        { collectionId: other.id, projectId: project.id, session, madeBy: makerOf(caller) },
        { nextId: seeded.nextId, count: seeded.records.length },
      );
      const changed = await changedIn(client, other.id, session);
      const view = buildView(seeded, state.version, changed);
      let { count, bytes, anonymousBytes, changed: changedCount } = state;
      for (const record of view.records) {
        if (record[field] !== value) continue;
        const key = keyOf(record[ID_FIELD]);
        const row = changed.find((c) => c.recordId === key);
        const wasSeeded = seeded.byId.has(key);
        if (wasSeeded) {
          await repository.writeRecord(client, other.id, session, key, null, anonymous);
          if (row === undefined) changedCount++;
        } else {
          await repository.removeRecord(client, other.id, session, key);
          changedCount--;
        }
        const change = changeOf(row, wasSeeded ? ROW_COST : 0, anonymous);
        bytes += change.delta;
        anonymousBytes += change.anonymousDelta;
        await chargeUsage(client, project, change, false);
        count--;
      }
      await repository.saveState(client, other.id, session, {
        nextId: state.nextId,
        count,
        bytes,
        anonymousBytes,
        changed: changedCount,
      });
    }
  };

  const changedIn = async (client: StateClient, collectionId: string, session: string) => {
    const { rows } = await client.query<{
      record_id: string;
      data: Record<string, unknown> | null;
      bytes: number | null;
      position: string;
      anonymous: boolean;
    }>(
      `select record_id, data, octet_length(data::text) as bytes, position, anonymous
         from collection_records where collection_id = $1 and session = $2`,
      [collectionId, session],
    );
    return rows.map((row) => ({
      recordId: row.record_id,
      data: row.data,
      bytes: row.bytes ?? 0,
      position: Number(row.position),
      anonymous: row.anonymous,
    }));
  };

  /**
   * A nested list's call (`/users/{id}/orders`, as json-server answers it): GET lists the
   * records whose referring field holds the parent's value (compared as text, as a `field=value`
   * filter is), with the list's queries; POST adds one with that value set. A parent the session
   * does not have is a 404, as its own path would be.
   */
  const answerNested = async (
    call: CollectionCall,
    method: string,
    parent: NonNullable<CollectionCall['parent']>,
  ): Promise<CollectionAnswer> => {
    const { project, session } = call;
    const id = pathId(parent.collection, idKindOf(parent.collection.template), parent.id);
    await touch(project, session, call.caller ?? ANYONE);
    const parents = await viewOf(project, parent.collection, session);
    const record = parents.byId.get(String(id));
    if (!record) throw recordNotFound(parent.collection, id);
    const { field, targetField } = parent.reference;
    const value = record[targetField] ?? null;
    if (method === 'POST') {
      const body = isJsonObject(call.body) ? { ...call.body, [field]: value } : call.body;
      return write({ ...call, method, body, parent: null }, null);
    }
    const view = await viewOf(project, call.collection, session);
    return answerList(call, childrenOf(view.records, field, String(value)));
  };

  // A nested list's records, per view and parent: the same array while the view is the same, so
  // that its answers are kept and the worker keeps it (by its stamp) as it keeps a view's.
  // Each view keeps at most NESTED_RECORDS of them (references, never copies of records).
  const children = new WeakMap<
    readonly JsonObject[],
    { kept: number; byParent: Map<string, JsonObject[]> }
  >();
  const childrenOf = (
    records: readonly JsonObject[],
    field: string,
    text: string,
  ): readonly JsonObject[] => {
    let memo = children.get(records);
    if (memo === undefined) {
      memo = { kept: 0, byParent: new Map() };
      children.set(records, memo);
    }
    const key = `${field}\u0000${text}`;
    const known = memo.byParent.get(key);
    if (known !== undefined) return known;
    const found = records.filter((other) => {
      const own = other[field];
      return own !== undefined && own !== null && typeof own !== 'object' && String(own) === text;
    });
    if (memo.kept + found.length > NESTED_RECORDS) {
      memo.byParent.clear();
      memo.kept = 0;
    }
    memo.byParent.set(key, found);
    memo.kept += found.length;
    return found;
  };

  return {
    /**
     * Answers a call to a collection: GET (the list with its query, or one record), POST,
     * PUT, PATCH, DELETE; HEAD is a GET; a nested list's GET and POST. Throws the AppError of a
     * refusal.
     */
    async answer(call: CollectionCall): Promise<CollectionAnswer> {
      const method = call.method === 'HEAD' ? 'GET' : call.method;
      if (call.parent) return answerNested(call, method, call.parent);
      const kind = idKindOf(call.collection.template);
      const id = call.recordId === null ? null : pathId(call.collection, kind, call.recordId);
      if (method === 'GET') {
        await touch(call.project, call.session, call.caller ?? ANYONE);
        const view = await viewOf(call.project, call.collection, call.session);
        return id === null ? answerList(call, view.records) : answerOne(call, view, id);
      }
      return write({ ...call, method }, id);
    },

    /** Restores the seeded state of a session (or the shared one, ''). */
    async reset(project: Pick<CollectionProject, 'id' | 'ownerId'>, session: string) {
      const freed = await repository
        .clearSessionState(project.id, session)
        .finally(() => forgetVersions());
      await repository.releaseUsage(project.ownerId, freed);
    },

    /**
     * Makes a session the owner's, now (the dashboard): a new one (pushing out the least
     * recently used of the owner's own past the cap), or one a call started.
     */
    async claim(project: SessionProject, session: string) {
      const owner: CollectionCaller = { owner: true, address: '' };
      touched.delete(`${project.id}|${session}|${makerOf(owner)}`);
      await touch(project, session, owner);
    },

    /** Stops the worker of seeded records and heavy lists, when it is this state's own. */
    close: async () => {
      if (!pool) await work.close();
    },

    /** Forgets what this node holds (the seeded records and views): tests, and changes unheard. */
    clear() {
      seededCache.clear();
      cachedRecords = 0;
      pageAnswers.clear();
      pageAnswersSize = 0;
      views.clear();
      touched.clear();
      forgetVersions();
    },

    /**
     * Forgets what this node knows of sessions' states (when each was last used, their
     * versions): told by every change made elsewhere than here (a collection edited or deleted,
     * a session deleted), so that the next call of each reads them again.
     */
    forgetSessions() {
      touched.clear();
      forgetVersions();
    },
  };
}

export type CollectionState = ReturnType<typeof createCollectionState>;

type Relation =
  | { kind: 'expand'; name: string; field: string; target: CollectionDefinition }
  | { kind: 'embed'; name: string; field: string; ownField: string; target: CollectionDefinition };

function buildView(seeded: Seeded, version: number, changed: readonly ChangedRecord[]): View {
  if (changed.length === 0) {
    return { version, seeded, records: seeded.records, byId: seeded.byId };
  }
  const overlay = new Map<string, ChangedRecord>();
  for (const record of changed) overlay.set(record.recordId, record);
  const records: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  for (const record of seeded.records) {
    const key = keyOf(record[ID_FIELD]);
    const change = overlay.get(key);
    const value = change === undefined ? record : (change.data as JsonObject | null);
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

/** Each `ref:COLLECTION.FIELD` of a template, at any depth, once. */
function refsOf(template: JsonValue): FieldRef[] {
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

function withoutId(body: JsonObject): JsonObject {
  if (!(ID_FIELD in body)) return body;
  const { [ID_FIELD]: _id, ...rest } = body;
  return rest;
}

function recordNotFound(collection: CollectionDefinition, id: string | number): AppError {
  return new AppError(
    ErrorCode.RECORD_NOT_FOUND,
    `${collection.name} has no record with the id ${JSON.stringify(id)}`,
  );
}

/**
 * The id in a record's path, as the collection's ids are. A path that cannot name one of its
 * records (`/users/abc` where ids count 1, 2, 3) names none: 404, as json-server and any REST
 * server answer a URL with nothing behind it, saying what its ids look like. Only an id a body
 * gives is malformed (400): the client wrote it as data.
 */
function pathId(collection: CollectionDefinition, kind: IdKind, raw: string): string | number {
  if (kind === 'int') {
    if (INT_SHAPE.test(raw)) return Number(raw);
  } else if (isUuid(raw)) return raw;
  throw new AppError(
    ErrorCode.RECORD_NOT_FOUND,
    `${collection.name} has no record with the id ${JSON.stringify(raw.slice(0, 80))}: its ids are ${idsText(kind)}`,
  );
}

const idsText = (kind: IdKind) => (kind === 'int' ? 'whole numbers (1, 2, 3...)' : 'uuids');

/** An id a body gives, as the collection's ids are: 400 when it cannot be one. */
function checkedId(
  collection: CollectionDefinition,
  kind: IdKind,
  given: JsonValue,
): string | number {
  if (kind === 'int' && typeof given === 'number' && Number.isSafeInteger(given) && given > 0) {
    return given;
  }
  if (kind === 'uuid' && typeof given === 'string' && isUuid(given)) return given;
  throw invalidId(collection, kind, JSON.stringify(given).slice(0, 80));
}

function invalidId(collection: CollectionDefinition, kind: IdKind, shown: string): AppError {
  return new AppError(
    ErrorCode.INVALID_ID,
    `${shown} is not an id of ${collection.name}: its ids are ${idsText(kind)}`,
  );
}

/** The body of a write, read and checked against the template: 415, 413, 400 or 422. */
function checkedBody(call: CollectionCall): JsonObject {
  const { bodyProblem, collection } = call;
  if (bodyProblem === 'not-json') {
    throw new AppError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `A record is sent as JSON (Content-Type: application/json), not ${call.contentType ? `"${call.contentType.slice(0, 80)}"` : 'without a type'}`,
    );
  }
  if (bodyProblem === 'too-large') {
    throw new AppError(
      ErrorCode.BODY_TOO_LARGE,
      'A record holds at most 65536 bytes (64 KB) of JSON',
    );
  }
  if (bodyProblem === 'too-deep') throw new AppError(ErrorCode.BODY_TOO_DEEP, messages.bodyTooDeep);
  if (bodyProblem === 'invalid-json') {
    throw new AppError(ErrorCode.INVALID_BODY, 'The body is not valid JSON');
  }
  const checked = checkRecord(collection.template, call.body, {
    unknownFields: collection.unknownFields,
    partial: call.method === 'PATCH',
  });
  if (!checked.ok) {
    throw new AppError(
      ErrorCode.RECORD_INVALID,
      `The record does not fit ${collection.name}: ${checked.problems
        .slice(0, 5)
        .map((p) => p.message)
        .join('; ')}`,
      { details: checked.problems },
    );
  }
  return checked.value;
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
  throw new AppError(
    ErrorCode.BAD_REQUEST,
    `_expand=${name}: ${collection.name} has no field ${field} that references another collection of this project`,
  );
}

/** `_embed=orders` on users: the orders whose field references a user. */
function embeddingOf(
  project: CollectionProject,
  collection: CollectionDefinition,
  name: string,
): Relation {
  const target = project.collections.find((c) => c.name === name);
  const reference = target ? referenceTo(target, collection) : undefined;
  if (target && reference) {
    return { kind: 'embed', name, field: reference.field, ownField: reference.targetField, target };
  }
  throw new AppError(
    ErrorCode.BAD_REQUEST,
    target
      ? `_embed=${name}: no field of ${name} references ${collection.name}`
      : `_embed=${name}: this project has no collection named ${name}`,
  );
}

/**
 * The answer step of a collection's calls (DESIGN.md §4b): list, read, add, replace, merge and
 * delete records in a session's state, and reset it, over the collection state store its host
 * gives (the server's PostgreSQL, the runner's memory).
 *
 * A collection's records are its seeded ones (made from its template, count and seed, the same
 * on every node, kept in memory) with a session's changes laid over them (the store). A read
 * costs one query of the store: the state's version, which says whether this node's view of the
 * session is current (none when the host is alone); a write runs in one transaction of the
 * store holding the state's lock.
 */
import { isJsonObject } from '@mocksmith/core';
import {
  type CollectionCall,
  idKindOf,
  joinRelations,
  type ListRelation,
  recordSize,
} from '@mocksmith/core/collections';
import { type CollectionAnswer, JSON_HEADERS } from './answer.ts';
import { pathId, recordNotFound } from './ids.ts';
import { relationsOf } from './joins.ts';
import { createListAnswers, type HeavyAnswerGate } from './list-answers.ts';
import { type Refuse, refusal } from './refusal.ts';
import { createSeededRecords } from './seeded.ts';
import { ANYONE, createSessions, type SessionProject } from './sessions.ts';
import type { CollectionStore, SessionSummary } from './store.ts';
import { createViews, type View } from './views.ts';
import type { CollectionWorker } from './worker.ts';
import { createWrites } from './writes.ts';

export interface CollectionOperationsOptions {
  store: CollectionStore;
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
   * budget (MOCK_ANON_SESSIONS_PER_HOUR); none: no budget.
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
   * This host is the only one writing the store: it sees every change of the state itself,
   * and a read needs no query of the state's version.
   */
  alone?: boolean;
  /** Where large seedings and heavy lists are made; none: on the calling thread. */
  worker?: CollectionWorker;
  /** The caps of heavy list answers; none without it. */
  heavy?: HeavyAnswerGate;
  /**
   * A list call reading more records than this (its collection's, and every record of those it
   * expands or embeds) is heavy: it is answered in the worker, within the caps of `heavy`.
   */
  heavyListRecords?: number;
  /** The error a refusal throws (the host's own type); core's AppError without. */
  refuse?: Refuse;
  /** The clock of sessions' uses and expiry (ms); Date.now without it. */
  now?: () => number;
}

export function createCollectionOperations({
  store,
  maxResponseBytes,
  maxOwnerBytes,
  maxAnonymousBytes = maxOwnerBytes,
  admitNewSession,
  maxSessions,
  sessionTtlHours,
  maxCachedRecords,
  maxQueuedWrites,
  alone = false,
  worker,
  heavy,
  heavyListRecords,
  refuse = refusal,
  now,
}: CollectionOperationsOptions) {
  const seeded = createSeededRecords({ worker, maxCachedRecords });
  const views = createViews({ store, seeded, alone });
  const sessions = createSessions({
    store,
    forgetVersions: () => views.forgetVersions(),
    admitNewSession,
    maxSessions,
    sessionTtlHours,
    now,
  });
  const lists = createListAnswers({ maxResponseBytes, refuse, worker, heavy, heavyListRecords });
  const writes = createWrites({
    store,
    seeded,
    sessions,
    views,
    refuse,
    maxOwnerBytes,
    maxAnonymousBytes,
    maxQueuedWrites,
  });

  /** The relations of a call with the records they join from: the same session's views. */
  const relatedOf = async (call: CollectionCall): Promise<ListRelation[]> => {
    const relations = relationsOf(call, refuse);
    const targets = await Promise.all(
      relations.map((relation) => views.viewOf(call.project, relation.target, call.session)),
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

  const answerOne = async (
    call: CollectionCall,
    view: View,
    id: string | number,
  ): Promise<CollectionAnswer> => {
    const record = view.byId.get(String(id));
    if (!record) throw recordNotFound(call.collection, id, refuse);
    const relations = await relatedOf(call);
    if (relations.length === 0) {
      return { status: 200, headers: JSON_HEADERS, payload: JSON.stringify(record) };
    }
    const joined = joinRelations([record], relations, recordSize(record), maxResponseBytes);
    if (!joined.ok) throw refuse(joined.error.code, joined.error.message);
    return { status: 200, headers: JSON_HEADERS, payload: JSON.stringify(joined.value[0]) };
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
    const id = pathId(parent.collection, idKindOf(parent.collection.template), parent.id, refuse);
    await sessions.touch(project, session, call.caller ?? ANYONE);
    const parents = await views.viewOf(project, parent.collection, session);
    const record = parents.byId.get(String(id));
    if (!record) throw recordNotFound(parent.collection, id, refuse);
    const { field, targetField } = parent.reference;
    const value = record[targetField] ?? null;
    if (method === 'POST') {
      const body = isJsonObject(call.body) ? { ...call.body, [field]: value } : call.body;
      return writes.write({ ...call, method, body, parent: null }, null);
    }
    const view = await views.viewOf(project, call.collection, session);
    return lists.answerList(call, lists.childrenOf(view.records, field, String(value)), relatedOf);
  };

  /**
   * Forgets what this node knows of sessions' states (when each was last used, their
   * versions): told by every change made elsewhere than here (a collection edited or deleted,
   * a session deleted), so that the next call of each reads them again.
   */
  const forgetSessions = () => {
    sessions.clear();
    views.forgetVersions();
  };

  return {
    /**
     * Answers a call to a collection: GET (the list with its query, or one record), POST,
     * PUT, PATCH, DELETE; HEAD is a GET; a nested list's GET and POST. Throws the refusal.
     */
    async answer(call: CollectionCall): Promise<CollectionAnswer> {
      const method = call.method === 'HEAD' ? 'GET' : call.method;
      if (call.parent) return answerNested(call, method, call.parent);
      const kind = idKindOf(call.collection.template);
      const id =
        call.recordId === null ? null : pathId(call.collection, kind, call.recordId, refuse);
      if (method === 'GET') {
        await sessions.touch(call.project, call.session, call.caller ?? ANYONE);
        const view = await views.viewOf(call.project, call.collection, call.session);
        return id === null
          ? lists.answerList(call, view.records, relatedOf)
          : answerOne(call, view, id);
      }
      return writes.write({ ...call, method }, id);
    },

    /** Restores the seeded state of a session (or the shared one, ''). */
    async reset(project: SessionProject, session: string): Promise<void> {
      const freed = await store
        .clearSessionState(project.id, session)
        .finally(() => views.forgetVersions());
      await store.releaseUsage(project.ownerId, freed);
    },

    /**
     * Makes a session the owner's, now (the dashboard): a new one (pushing out the least
     * recently used of the owner's own past the cap), or one a call started.
     */
    claim(project: SessionProject, session: string): Promise<void> {
      return sessions.claim(project, session);
    },

    /**
     * The project's named sessions, most recently used first, and the records changed in its
     * shared state (the dashboard's list).
     */
    async sessions(project: SessionProject): Promise<{
      sessions: SessionSummary[];
      sharedChanged: number;
    }> {
      const all = await store.listSessions(project.id);
      const shared = all.find((session) => session.name === '');
      return {
        sessions: all.filter((session) => session.name !== ''),
        sharedChanged: shared?.changed ?? 0,
      };
    },

    /**
     * Deletes a named session and its state, freeing its bytes; false when there is no such
     * session (the shared state is never one). Its next call starts it again from the seeded
     * state.
     */
    async deleteSession(project: SessionProject, name: string): Promise<boolean> {
      const freed = name === '' ? null : await store.deleteSession(project.id, name);
      if (freed === null) return false;
      await store.releaseUsage(project.ownerId, freed);
      forgetSessions();
      return true;
    },

    /**
     * Clears a collection's state in every session, freeing its bytes: a reseed, or a change of
     * its ids or count (the seeded records the changes lie over are others then).
     */
    async clearCollection(project: SessionProject, collectionId: string): Promise<void> {
      await store.releaseUsage(project.ownerId, await store.clearCollectionState(collectionId));
      forgetSessions();
    },

    /** Forgets what this node holds (the seeded records and views): tests, and changes unheard. */
    clear() {
      seeded.clear();
      lists.clear();
      views.clear();
      sessions.clear();
    },

    forgetSessions,
  };
}

export type CollectionOperations = ReturnType<typeof createCollectionOperations>;

/**
 * The writes of collections: POST, PUT, PATCH and DELETE (with its cascade) of a session's
 * records, each in one transaction of the store holding the state's lock, so that writes of a
 * collection in a session go one at a time on every node and none is lost. On each node, writes
 * of one collection in one session also queue in the process, so that a burst of them holds one
 * connection of the store rather than all of them.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, type JsonObject } from '@mocksmith/core';
import {
  type CollectionCall,
  ID_FIELD,
  type IdKind,
  idKindOf,
  MAX_COLLECTION_RECORDS,
  recordKey,
  recordSize,
  referrersOf,
} from '@mocksmith/core/collections';
import type { CollectionAnswer } from './answer.ts';
import { JSON_HEADERS } from './answer.ts';
import { checkedWrite } from './body.ts';
import {
  changeOf,
  ROW_COST,
  removal,
  replacement,
  stateAfterWrite,
  type UsageBounds,
  type UsageChange,
  usageRefusal,
} from './changes.ts';
import { checkedId, recordNotFound, withoutId } from './ids.ts';
import type { Refuse } from './refusal.ts';
import type { Seeded, SeededRecords } from './seeded.ts';
import { ANYONE, makerOf, type Sessions } from './sessions.ts';
import type { ChangedRow, CollectionStore, LockedState, StateTransaction } from './store.ts';
import { buildView, type Views } from './views.ts';

export interface WritesOptions extends UsageBounds {
  store: Pick<CollectionStore, 'transaction'>;
  seeded: SeededRecords;
  sessions: Sessions;
  views: Views;
  refuse: Refuse;
  /** Writes of one collection in one session waiting on a node, past which a write gets 429. */
  maxQueuedWrites?: number;
}

export function createWrites({
  store,
  seeded: seededRecords,
  sessions,
  views,
  refuse,
  maxOwnerBytes,
  maxAnonymousBytes,
  maxQueuedWrites = 2_000,
}: WritesOptions) {
  const bounds = { maxOwnerBytes, maxAnonymousBytes };
  const writeQueues = new Map<string, { tail: Promise<unknown>; waiting: number }>();

  /** Runs `work` after the node's earlier writes of this collection in this session. */
  const queued = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let queue = writeQueues.get(key);
    if (!queue) {
      queue = { tail: Promise.resolve(), waiting: 0 };
      writeQueues.set(key, queue);
    }
    if (queue.waiting >= maxQueuedWrites) {
      throw refuse(
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

  /**
   * Charges a change to the owner's usage. `refuse`: a change that grows past the account's
   * bytes, or grows the anonymous calls' part past their share, is refused (409, the transaction
   * undone). A delete is never refused: it is charged (a deleted seeded record keeps a row) so
   * that the next writes see the room there is, but a delete must always be able to make room.
   */
  const chargeUsage = async (
    tx: StateTransaction,
    ownerId: string,
    change: UsageChange,
    refusing: boolean,
  ) => {
    if (change.delta === 0 && change.anonymousDelta === 0) return;
    const total = await tx.addUsage(ownerId, change.delta, change.anonymousDelta);
    if (!refusing) return;
    const refused = usageRefusal(total, change, bounds, refuse);
    if (refused) throw refused;
  };

  const add = async (
    tx: StateTransaction,
    call: CollectionCall,
    seeded: Seeded,
    state: LockedState,
    kind: IdKind,
    body: JsonObject,
  ): Promise<CollectionAnswer> => {
    const { collection, session, project } = call;
    const anonymous = !(call.caller ?? ANYONE).owner;
    const given = body[ID_FIELD];
    let id: string | number;
    let row: ChangedRow | undefined;
    if (given !== undefined) {
      id = checkedId(collection, kind, given, refuse);
      row = await tx.changedRecord(collection.id, session, String(id));
      const exists = row === undefined ? seeded.byId.has(String(id)) : row.data !== null;
      if (exists) {
        throw refuse(
          ErrorCode.RECORD_EXISTS,
          `${collection.name} already has a record with the id ${JSON.stringify(id)}`,
        );
      }
    } else {
      id = kind === 'int' ? state.nextId : randomUUID();
    }
    if (state.count >= MAX_COLLECTION_RECORDS) {
      throw refuse(
        ErrorCode.COLLECTION_FULL,
        `${collection.name} holds ${MAX_COLLECTION_RECORDS.toLocaleString('en-US')} records, its most: delete some or reset the session`,
      );
    }
    const record: JsonObject = { [ID_FIELD]: id, ...withoutId(body) };
    const change = changeOf(row, recordSize(record) + ROW_COST, anonymous);
    await chargeUsage(tx, project.ownerId, change, true);
    await tx.writeRecord(collection.id, session, String(id), record, anonymous);
    await tx.saveState(
      collection.id,
      session,
      stateAfterWrite(state, change, { added: { id }, newRow: row === undefined }),
    );
    return {
      status: 201,
      headers: [['Location', `${call.listUrl}/${encodeURIComponent(String(id))}`]],
      payload: JSON.stringify(record),
    };
  };

  const remove = async (
    tx: StateTransaction,
    call: CollectionCall,
    seeded: Seeded,
    state: LockedState,
    key: string,
    row: ChangedRow | undefined,
    current: JsonObject,
  ) => {
    const { collection, session, project } = call;
    const anonymous = !(call.caller ?? ANYONE).owner;
    const wasSeeded = seeded.byId.has(key);
    if (wasSeeded) await tx.writeRecord(collection.id, session, key, null, anonymous);
    else await tx.removeRecord(collection.id, session, key);
    const { change, changed } = removal(row, wasSeeded, anonymous);
    await chargeUsage(tx, project.ownerId, change, false);
    await tx.saveState(collection.id, session, {
      nextId: state.nextId,
      count: state.count - 1,
      bytes: state.bytes + change.delta,
      anonymousBytes: state.anonymousBytes + change.anonymousDelta,
      changed: state.changed + changed,
    });
    if (collection.cascade) await cascade(tx, call, current);
  };

  /** Deletes, in the same session, the records of other collections that reference `deleted`. */
  const cascade = async (tx: StateTransaction, call: CollectionCall, deleted: JsonObject) => {
    const { project, collection, session } = call;
    const caller = call.caller ?? ANYONE;
    const anonymous = !caller.owner;
    const referring = referrersOf(project.collections, collection).sort((a, b) =>
      a.collection.id < b.collection.id ? -1 : 1,
    );
    for (const { collection: other, field, targetField } of referring) {
      const value = deleted[targetField];
      if (value === undefined || other.id === collection.id) continue;
      const seeded = await seededRecords.seededOf(project, other);
      const state = await tx.lockState(
        { collectionId: other.id, projectId: project.id, session, madeBy: makerOf(caller) },
        { nextId: seeded.nextId, count: seeded.records.length },
      );
      const changed = await tx.changedRecords(other.id, session);
      const view = buildView(seeded, state.version, changed);
      let { count, bytes, anonymousBytes, changed: changedCount } = state;
      for (const record of view.records) {
        if (record[field] !== value) continue;
        const key = recordKey(record[ID_FIELD]);
        const row = changed.find((c) => c.recordId === key);
        const wasSeeded = seeded.byId.has(key);
        if (wasSeeded) await tx.writeRecord(other.id, session, key, null, anonymous);
        else await tx.removeRecord(other.id, session, key);
        const removed = removal(row, wasSeeded, anonymous);
        changedCount += removed.changed;
        bytes += removed.change.delta;
        anonymousBytes += removed.change.anonymousDelta;
        await chargeUsage(tx, project.ownerId, removed.change, false);
        count--;
      }
      await tx.saveState(other.id, session, {
        nextId: state.nextId,
        count,
        bytes,
        anonymousBytes,
        changed: changedCount,
      });
    }
  };

  return {
    /**
     * A write: the body checked first, then one transaction under the state's lock. `method`
     * is POST, PUT, PATCH or DELETE; `id` the path's (null for a POST).
     */
    async write(call: CollectionCall, id: string | number | null): Promise<CollectionAnswer> {
      const { collection, project, session } = call;
      const caller = call.caller ?? ANYONE;
      const anonymous = !caller.owner;
      const method = call.method;
      const kind = idKindOf(collection.template);
      const body = method === 'DELETE' ? null : checkedWrite(call, method, kind, id, refuse);
      await sessions.touch(project, session, caller);
      const stateKey = `${collection.id}|${session}`;
      const { answer, sessionCreated } = await queued(stateKey, () =>
        store.transaction(async (tx) => {
          const seeded = await seededRecords.seededOf(project, collection);
          const state = await tx.lockState(
            {
              collectionId: collection.id,
              projectId: project.id,
              session,
              madeBy: makerOf(caller),
            },
            { nextId: seeded.nextId, count: seeded.records.length },
          );
          const made = (answer: CollectionAnswer) => ({
            answer,
            sessionCreated: state.sessionCreated,
          });
          if (method === 'POST') {
            return made(await add(tx, call, seeded, state, kind, body as JsonObject));
          }
          const key = String(id);
          const row = await tx.changedRecord(collection.id, session, key);
          const current = row === undefined ? seeded.byId.get(key) : row.data;
          if (!current) throw recordNotFound(collection, id as string | number, refuse);
          if (method === 'DELETE') {
            await remove(tx, call, seeded, state, key, row, current);
            return made({ status: 204, headers: JSON_HEADERS, payload: undefined });
          }
          const next = replacement(method, id as string | number, current, body as JsonObject);
          const change = changeOf(row, recordSize(next) + ROW_COST, anonymous);
          await chargeUsage(tx, project.ownerId, change, true);
          await tx.writeRecord(collection.id, session, key, next, anonymous);
          await tx.saveState(
            collection.id,
            session,
            stateAfterWrite(state, change, { added: null, newRow: row === undefined }),
          );
          return made({ status: 200, headers: JSON_HEADERS, payload: JSON.stringify(next) });
        }),
      ).finally(() => {
        views.forgetVersions(stateKey);
        // A cascade changed, in the same session, the states of the collections referring to it.
        if (method === 'DELETE' && collection.cascade) {
          for (const { collection: other } of referrersOf(project.collections, collection)) {
            views.forgetVersions(`${other.id}|${session}`);
          }
        }
      });
      // A session made again by this write (dropped or expired meanwhile) counts against the cap.
      if (sessionCreated && session !== '') await sessions.trim(project, makerOf(caller));
      return answer;
    },
  };
}

export type Writes = ReturnType<typeof createWrites>;

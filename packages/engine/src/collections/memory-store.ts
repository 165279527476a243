/**
 * The collection state store in memory: the command-line runner's, and the engine's tests'.
 * It keeps what the server's PostgreSQL store keeps (sessions, each collection's state in each
 * session, the changed records, the owners' usage) with the same meanings, so that the same
 * operations answer the same on both. A transaction runs alone (one at a time in the store):
 * its changes are laid aside and made at once when its work resolves, dropped when it throws,
 * so a read never sees a write half made.
 */
import type { JsonObject } from '@mocksmith/core';
import { recordSize } from '@mocksmith/core/collections';
import type {
  ChangedRecord,
  ChangedRow,
  CollectionStore,
  FreedBytes,
  LockedState,
  SessionMaker,
  SessionSummary,
  StateTransaction,
} from './store.ts';

interface SessionRow {
  createdAt: Date;
  lastUsedAt: Date;
  madeBy: SessionMaker;
}

interface StateRow extends LockedState {
  collectionId: string;
  projectId: string;
  session: string;
}

interface RecordRow {
  data: JsonObject | null;
  bytes: number;
  position: number;
  anonymous: boolean;
}

export interface MemoryCollectionStoreOptions {
  /** The clock of sessions' uses (ms); Date.now without it. */
  now?: () => number;
}

/** A state's key: its collection and session. */
const keyOf = (collectionId: string, session: string) => `${collectionId}|${session}`;
const sum = (freed: FreedBytes, state: LockedState) => {
  freed.bytes += state.bytes;
  freed.anonymousBytes += state.anonymousBytes;
};

/** A collection state store in memory (see the file's comment). */
export function createMemoryCollectionStore({
  now = Date.now,
}: MemoryCollectionStoreOptions = {}): CollectionStore {
  const sessions = new Map<string, Map<string, SessionRow>>();
  const states = new Map<string, StateRow>();
  const records = new Map<string, Map<string, RecordRow>>();
  const usage = new Map<string, FreedBytes>();
  // One sequence, as PostgreSQL's collection_state_versions: the states' versions and the
  // records' positions.
  let sequence = 0;
  // Transactions, and the deletions of states, one at a time: as PostgreSQL's row locks make a
  // reset wait for the write that holds its state.
  let last: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work);
    last = run.then(
      () => {},
      () => {},
    );
    return run;
  };

  const sessionsOf = (projectId: string) => {
    let found = sessions.get(projectId);
    if (!found) {
      found = new Map();
      sessions.set(projectId, found);
    }
    return found;
  };

  /** Deletes the states (and their records) that `which` picks; answers their bytes. */
  const dropStates = (which: (state: StateRow) => boolean): FreedBytes => {
    const freed = { bytes: 0, anonymousBytes: 0 };
    for (const [key, state] of states) {
      if (!which(state)) continue;
      sum(freed, state);
      states.delete(key);
      records.delete(key);
    }
    return freed;
  };

  const use = (projectId: string, name: string, madeBy: SessionMaker, create: boolean) => {
    const own = sessionsOf(projectId);
    const found = own.get(name);
    const at = new Date(now());
    if (!found) {
      if (create) own.set(name, { createdAt: at, lastUsedAt: at, madeBy });
      return null;
    }
    const prior = found.lastUsedAt;
    found.lastUsedAt = at;
    if (madeBy === 'owner') found.madeBy = 'owner';
    return prior;
  };

  const transactionOf = () => {
    // What the transaction changes, made when it ends well.
    const newStates = new Map<string, StateRow>();
    const newRecords = new Map<string, Map<string, RecordRow | null>>();
    const newUsage = new Map<string, FreedBytes>();
    const newSessions: { projectId: string; name: string; row: SessionRow }[] = [];

    const stateOf = (collectionId: string, session: string) => {
      const key = keyOf(collectionId, session);
      return newStates.get(key) ?? states.get(key);
    };
    const rowOf = (collectionId: string, session: string, recordId: string) => {
      const key = keyOf(collectionId, session);
      const written = newRecords.get(key)?.get(recordId);
      return written !== undefined ? written : (records.get(key)?.get(recordId) ?? null);
    };
    const writesOf = (collectionId: string, session: string) => {
      const key = keyOf(collectionId, session);
      let found = newRecords.get(key);
      if (!found) {
        found = new Map();
        newRecords.set(key, found);
      }
      return found;
    };

    const tx: StateTransaction = {
      async lockState(key, seeded) {
        const own = sessionsOf(key.projectId);
        let sessionCreated = false;
        if (
          !own.has(key.session) &&
          !newSessions.some((s) => s.projectId === key.projectId && s.name === key.session)
        ) {
          const at = new Date(now());
          newSessions.push({
            projectId: key.projectId,
            name: key.session,
            row: { createdAt: at, lastUsedAt: at, madeBy: key.madeBy ?? 'anonymous' },
          });
          sessionCreated = true;
        }
        let state = stateOf(key.collectionId, key.session);
        if (!state) {
          state = {
            collectionId: key.collectionId,
            projectId: key.projectId,
            session: key.session,
            version: ++sequence,
            nextId: seeded.nextId,
            count: seeded.count,
            bytes: 0,
            anonymousBytes: 0,
            changed: 0,
          };
          newStates.set(keyOf(key.collectionId, key.session), state);
        }
        const { version, nextId, count, bytes, anonymousBytes, changed } = state;
        return { version, nextId, count, bytes, anonymousBytes, changed, sessionCreated };
      },

      async changedRecord(collectionId, session, recordId): Promise<ChangedRow | undefined> {
        const row = rowOf(collectionId, session, recordId);
        return row === null
          ? undefined
          : { data: row.data, bytes: row.bytes, anonymous: row.anonymous };
      },

      async changedRecords(collectionId, session) {
        const key = keyOf(collectionId, session);
        const ids = new Set([
          ...(records.get(key)?.keys() ?? []),
          ...(newRecords.get(key)?.keys() ?? []),
        ]);
        const found: (ChangedRecord & { anonymous: boolean })[] = [];
        for (const recordId of ids) {
          const row = rowOf(collectionId, session, recordId);
          if (row !== null) found.push({ recordId, ...row });
        }
        return found;
      },

      async writeRecord(collectionId, session, recordId, data, anonymous) {
        const old = rowOf(collectionId, session, recordId);
        writesOf(collectionId, session).set(recordId, {
          data,
          bytes: data === null ? 0 : recordSize(data),
          position: old?.position ?? ++sequence,
          anonymous,
        });
      },

      async removeRecord(collectionId, session, recordId) {
        writesOf(collectionId, session).set(recordId, null);
      },

      async saveState(collectionId, session, figures) {
        const state = stateOf(collectionId, session);
        if (!state) return;
        newStates.set(keyOf(collectionId, session), { ...state, ...figures, version: ++sequence });
      },

      async addUsage(ownerId, delta, anonymousDelta) {
        const old = newUsage.get(ownerId) ?? usage.get(ownerId);
        const total = old
          ? {
              bytes: Math.max(old.bytes + delta, 0),
              anonymousBytes: Math.max(old.anonymousBytes + anonymousDelta, 0),
            }
          : { bytes: Math.max(delta, 0), anonymousBytes: Math.max(anonymousDelta, 0) };
        newUsage.set(ownerId, total);
        return { ...total };
      },
    };

    /** Makes the transaction's changes, all at once. */
    const commit = () => {
      for (const { projectId, name, row } of newSessions) {
        const own = sessionsOf(projectId);
        if (!own.has(name)) own.set(name, row);
      }
      for (const [key, state] of newStates) states.set(key, state);
      for (const [key, written] of newRecords) {
        let own = records.get(key);
        if (!own) {
          own = new Map();
          records.set(key, own);
        }
        for (const [recordId, row] of written) {
          if (row === null) own.delete(recordId);
          else own.set(recordId, row);
        }
      }
      for (const [ownerId, total] of newUsage) usage.set(ownerId, total);
    };
    return { tx, commit };
  };

  return {
    async stateVersion(collectionId, session) {
      return states.get(keyOf(collectionId, session))?.version ?? null;
    },

    async changedRecords(collectionId, session) {
      const key = keyOf(collectionId, session);
      const state = states.get(key);
      if (!state) return { version: null, records: [] };
      const found: ChangedRecord[] = [];
      for (const [recordId, row] of records.get(key) ?? []) {
        found.push({ recordId, data: row.data, bytes: row.bytes, position: row.position });
      }
      return { version: state.version, records: found };
    },

    transaction<T>(work: (tx: StateTransaction) => Promise<T>): Promise<T> {
      return exclusive(async () => {
        const { tx, commit } = transactionOf();
        const result = await work(tx);
        commit();
        return result;
      });
    },

    async touchSession(projectId, name, madeBy) {
      return use(projectId, name, madeBy, true);
    },

    async useSession(projectId, name, madeBy) {
      return use(projectId, name, madeBy, false);
    },

    clearSessionState(projectId, name) {
      return exclusive(async () =>
        dropStates((state) => state.projectId === projectId && state.session === name),
      );
    },

    deleteSession(projectId, name) {
      return exclusive(async () => {
        const freed = dropStates(
          (state) => state.projectId === projectId && state.session === name,
        );
        return sessionsOf(projectId).delete(name) ? freed : null;
      });
    },

    trimSessions: (projectId, keep, madeBy) =>
      exclusive(async () => {
        const own = sessionsOf(projectId);
        const old = [...own]
          .filter(([name, row]) => name !== '' && row.madeBy === madeBy)
          .sort(
            ([a, x], [b, y]) => y.lastUsedAt.getTime() - x.lastUsedAt.getTime() || (a < b ? -1 : 1),
          )
          .slice(keep)
          .map(([name]) => name);
        const gone = new Set(old);
        for (const name of gone) own.delete(name);
        return dropStates((state) => state.projectId === projectId && gone.has(state.session));
      }),

    async listSessions(projectId): Promise<SessionSummary[]> {
      const changed = new Map<string, number>();
      for (const state of states.values()) {
        if (state.projectId !== projectId) continue;
        changed.set(state.session, (changed.get(state.session) ?? 0) + state.changed);
      }
      return [...sessionsOf(projectId)]
        .sort(
          ([a, x], [b, y]) => y.lastUsedAt.getTime() - x.lastUsedAt.getTime() || (a < b ? -1 : 1),
        )
        .map(([name, row]) => ({
          name,
          createdAt: row.createdAt,
          lastUsedAt: row.lastUsedAt,
          changed: changed.get(name) ?? 0,
          madeBy: row.madeBy,
        }));
    },

    clearCollectionState(collectionId) {
      return exclusive(async () => dropStates((state) => state.collectionId === collectionId));
    },

    async releaseUsage(ownerId, freed) {
      if (freed.bytes <= 0 && freed.anonymousBytes <= 0) return;
      const total = usage.get(ownerId);
      if (!total) return;
      usage.set(ownerId, {
        bytes: Math.max(total.bytes - Math.max(freed.bytes, 0), 0),
        anonymousBytes: Math.max(total.anonymousBytes - Math.max(freed.anonymousBytes, 0), 0),
      });
    },
  };
}

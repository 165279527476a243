/**
 * The collection state store: the port through which the collections' operations read and write
 * a session's state (DESIGN.md §4b). A session's state is the records its clients changed, laid
 * over the seeded ones: a written record holds its value, a deleted seeded record a row without
 * one. The server implements it on PostgreSQL (collections.repository.ts), the engine in memory
 * (memory-store.ts, the command-line runner's); the same operations answer on both.
 */
import type { JsonObject } from '@mocksmith/core';

/** A changed record of a session: its value (null: a deleted seeded record), size and place. */
export interface ChangedRecord {
  recordId: string;
  data: JsonObject | null;
  /** The bytes of its JSON as stored (0 for a deleted seeded record). */
  bytes: number;
  /** Its place among the records added (a number that grows with every write). */
  position: number;
}

/** The figures of a collection's state in a session, as a write reads them under its lock. */
export interface LockedState {
  version: number;
  nextId: number;
  count: number;
  bytes: number;
  /** Those of `bytes` that calls without the owner's credentials wrote. */
  anonymousBytes: number;
  changed: number;
}

/** Bytes of state freed (a reset, a deletion): all of them, and those anonymous calls wrote. */
export interface FreedBytes {
  bytes: number;
  anonymousBytes: number;
}

/** A changed record's row as a write reads it: its value, its size, and who wrote it. */
export interface ChangedRow {
  data: JsonObject | null;
  bytes: number;
  anonymous: boolean;
}

/** Whose a session is: the owner's (never pushed out by others'), or anyone's. */
export type SessionMaker = 'owner' | 'anonymous';

/** A named session of a project, as the dashboard lists it. */
export interface SessionSummary {
  name: string;
  createdAt: Date;
  lastUsedAt: Date;
  /** The records its clients changed, in all the project's collections. */
  changed: number;
  madeBy: SessionMaker;
}

/** The state of one collection in one session, as a write names it. */
export interface StateKey {
  collectionId: string;
  projectId: string;
  session: string;
  madeBy?: SessionMaker;
}

/**
 * One write's reads and changes, all or nothing: what it changed is kept when its work resolves
 * and undone when it throws. The states it locks stay locked to other writes until it ends.
 */
export interface StateTransaction {
  /**
   * Locks a collection's state in a session for the write, creating it (from the seeded state's
   * figures) on the first write, and the session should it be gone; says whether it made it.
   */
  lockState(
    key: StateKey,
    seeded: { nextId: number; count: number },
  ): Promise<LockedState & { sessionCreated: boolean }>;
  /** A session's changed record of a collection, or undefined. */
  changedRecord(
    collectionId: string,
    session: string,
    recordId: string,
  ): Promise<ChangedRow | undefined>;
  /** Every changed record of a collection in a session, with who wrote it. */
  changedRecords(
    collectionId: string,
    session: string,
  ): Promise<(ChangedRecord & { anonymous: boolean })[]>;
  /**
   * Writes a record's value (null: a deleted seeded record) and who wrote it (`anonymous`: a
   * call without the owner's credentials); a new row takes the next position.
   */
  writeRecord(
    collectionId: string,
    session: string,
    recordId: string,
    data: JsonObject | null,
    anonymous: boolean,
  ): Promise<void>;
  /** Removes a record's row (an added record deleted leaves nothing behind). */
  removeRecord(collectionId: string, session: string, recordId: string): Promise<void>;
  /** Saves the state's figures after a write, under a new version. */
  saveState(
    collectionId: string,
    session: string,
    state: Omit<LockedState, 'version'>,
  ): Promise<void>;
  /**
   * Adds `delta` bytes to the owner's stored state, `anonymousDelta` of them to the part
   * anonymous calls wrote (neither below 0); answers the new totals, so that the write refuses
   * past its bounds (and the transaction is undone).
   */
  addUsage(ownerId: string, delta: number, anonymousDelta: number): Promise<FreedBytes>;
}

/** Where the collections' state lives: sessions, their changed records, the owners' usage. */
export interface CollectionStore {
  /** The version of a collection's state in a session, or null when nothing was changed. */
  stateVersion(collectionId: string, session: string): Promise<number | null>;
  /** A session's changed records of a collection, with the state's version they are at. */
  changedRecords(
    collectionId: string,
    session: string,
  ): Promise<{ version: number | null; records: ChangedRecord[] }>;
  /** Runs one write's `work` all or nothing (committed when it resolves, undone when it throws). */
  transaction<T>(work: (tx: StateTransaction) => Promise<T>): Promise<T>;

  /**
   * Marks a session used now, creating it on first use (the owner's when `madeBy` says so; the
   * owner naming another's session makes it theirs, never the other way). Answers when it was
   * used before (null: just created).
   */
  touchSession(projectId: string, name: string, madeBy: SessionMaker): Promise<Date | null>;
  /** As `touchSession`, but never creates one: null when there is no such session. */
  useSession(projectId: string, name: string, madeBy: SessionMaker): Promise<Date | null>;
  /** Empties a session's state (its changed records), keeping the session. */
  clearSessionState(projectId: string, name: string): Promise<FreedBytes>;
  /** Deletes a named session and its state; answers the bytes freed, or null when none. */
  deleteSession(projectId: string, name: string): Promise<FreedBytes | null>;
  /**
   * Deletes the least recently used named sessions of one maker past `keep` (anonymous
   * sessions push out anonymous ones only, the owner's the owner's); answers the bytes freed.
   */
  trimSessions(projectId: string, keep: number, madeBy: SessionMaker): Promise<FreedBytes>;
  /** The named sessions of a project, most recently used first, with their changed records. */
  listSessions(projectId: string): Promise<SessionSummary[]>;
  /** Clears a collection's state in every session (a reseed, or a change of its ids). */
  clearCollectionState(collectionId: string): Promise<FreedBytes>;
  /** Takes freed bytes off the owner's stored state (a reset or a deleted session). */
  releaseUsage(ownerId: string, freed: FreedBytes): Promise<void>;
}

/**
 * The collections of projects and their state. A collection's seeded records are never stored:
 * they are a pure function of its template, count and seed (core's seedRecords), made again on
 * any node. What is stored is what clients changed, per session: each written record (its whole
 * value) and each deleted seeded record (a row with no value), so a reset deletes the changes
 * and a new session costs one row.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  json,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './apis.ts';
import { users } from './auth.ts';

/** Gives every state change a number never used before, so a cached view is known current. */
export const stateVersions = pgSequence('collection_state_versions');

/**
 * A collection of a project: `/{path}` (list, add) and `/{path}/{id}` (one record). `version`
 * grows with each change of its definition; `seedVersion` with each reseed (part of its seed).
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** What other collections' `ref:NAME.field` and `_embed=NAME` call it. */
    name: text().notNull(),
    /** The list's path in the project (`/users`); items are at `{path}/{id}`. */
    path: text().notNull(),
    /** The template of one record (a JSON object), its keys in the order written (json, not jsonb). */
    template: json().$type<Record<string, unknown>>().notNull(),
    /** How many records it starts with. */
    count: integer().notNull(),
    /** A body's fields the template does not name: refused (422) or kept. */
    unknownFields: text({ enum: ['refuse', 'keep'] })
      .notNull()
      .default('refuse'),
    /** Deleting a record deletes the records of other collections that reference it. */
    cascade: boolean().notNull().default(false),
    /** The bearer token its calls need (the project's token is taken too), or null. */
    authToken: text(),
    seedVersion: integer().notNull().default(0),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.projectId, table.name),
    uniqueIndex().on(table.projectId, table.path),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;

/**
 * A sandbox of a project (`X-Mock-Session: NAME`); the shared state is the session named ''.
 * Deleting one deletes its state (the foreign keys below cascade). `madeBy` says whose it is:
 * the owner's (made or named from the dashboard, with the owner's API key or a token of the
 * project) are never pushed out by the sessions others start.
 */
export const projectSessions = pgTable(
  'project_sessions',
  {
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    madeBy: text({ enum: ['owner', 'anonymous'] })
      .notNull()
      .default('anonymous'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.name] }),
    index().on(table.projectId, table.madeBy, table.lastUsedAt),
  ],
);

/**
 * The state of one collection in one session, once a client changed it: the row every write
 * locks (writes of a collection in a session go one at a time), and what reads check.
 */
export const collectionStates = pgTable(
  'collection_states',
  {
    collectionId: uuid()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    projectId: uuid().notNull(),
    session: text().notNull(),
    /** From {@link stateVersions} at each change: a view cached at this number is current. */
    version: bigint({ mode: 'number' }).notNull(),
    /** The next integer id a POST without one gets. */
    nextId: bigint({ mode: 'number' }).notNull(),
    /** The records it holds now. */
    count: integer().notNull(),
    /** The bytes of its written records: the owner's stored state is their sum. */
    bytes: bigint({ mode: 'number' }).notNull().default(0),
    /** Those of `bytes` that calls without the owner's credentials wrote. */
    anonymousBytes: bigint({ mode: 'number' }).notNull().default(0),
    /** The records written or deleted since the seeded state. */
    changed: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.session] }),
    foreignKey({
      columns: [table.projectId, table.session],
      foreignColumns: [projectSessions.projectId, projectSessions.name],
    }).onDelete('cascade'),
    index().on(table.projectId, table.session),
  ],
);

/**
 * A record a client wrote (its value) or a seeded record it deleted (no value). `position`
 * orders the added records after the seeded ones.
 */
export const collectionRecords = pgTable(
  'collection_records',
  {
    collectionId: uuid().notNull(),
    session: text().notNull(),
    recordId: text().notNull(),
    /** The record as written, its keys in their order (json, not jsonb, which sorts them). */
    data: json().$type<Record<string, unknown>>(),
    position: bigint({ mode: 'number' }).notNull(),
    /** Written by a call without the owner's credentials: its bytes count as anonymous. */
    anonymous: boolean().notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.session, table.recordId] }),
    foreignKey({
      columns: [table.collectionId, table.session],
      foreignColumns: [collectionStates.collectionId, collectionStates.session],
    }).onDelete('cascade'),
  ],
);

/**
 * Each owner's stored state in bytes, bounded (MOCK_STATE_BYTES_PER_ACCOUNT), and the part of it
 * calls without the owner's credentials wrote, bounded by a share of it (MOCK_ANON_STATE_SHARE).
 */
export const stateUsage = pgTable('state_usage', {
  ownerId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bytes: bigint({ mode: 'number' }).notNull().default(0),
  anonymousBytes: bigint({ mode: 'number' }).notNull().default(0),
});

export const collectionsSchema = {
  collections,
  projectSessions,
  collectionStates,
  collectionRecords,
  stateUsage,
};

/** `nextval` of {@link stateVersions}, for writes. */
export const NEXT_STATE_VERSION = sql`nextval('collection_state_versions')`;

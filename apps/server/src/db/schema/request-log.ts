/**
 * The request inspector's log: the last calls of each project and of each stand-alone API
 * (masked, see core's inspector/mask.ts), written in batches off the request path, kept 7 days
 * and at most the newest 1,000 per project or API, deleted with the project or the API.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  json,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOwner } from './analytics.ts';
import { apis, projects } from './apis.ts';

export const requestLog = pgTable(
  'request_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The project called, or null for a stand-alone API's call (exactly one is set). */
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    /** The stand-alone API called (one of the single mock URLs), or null for a project's. */
    apiId: uuid().references(() => apis.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    method: text().notNull(),
    /** After the base URL, without the query. */
    path: text().notNull(),
    /** The route that answered (`GET /users/{id}`), or null when none did (a 404). */
    route: text(),
    /** The collection that answered (its name; `route` is then its place), or null. */
    collection: text(),
    /** The query string as sent, without `?`. */
    query: text().notNull(),
    /** The headers, secrets masked. */
    headers: json().$type<Record<string, string>>().notNull(),
    /** The body, secrets masked, at most 16 KB. */
    body: text(),
    bodyTruncated: boolean().notNull().default(false),
    /** The status answered; 0 for a connection reset or closed by a fault. */
    status: integer().notNull(),
    /** The response that answered, and the rule that picked it (1-based). */
    response: text(),
    rule: integer(),
    /** Milliseconds from the call's arrival to its answer, the delay included. */
    latencyMs: real().notNull(),
    /** The delay the network profile or the caller added. */
    delayMs: integer().notNull().default(0),
    /** An injected fault: its status, `reset` or `empty`. */
    fault: text(),
    /** A call the project's proxy forwarded: the upstream's status and time (ms); else null. */
    upstreamStatus: integer(),
    upstreamMs: real(),
    session: text(),
    /** The client's address as a salted hash (the same client, the same text; never the address). */
    client: text().notNull(),
    /** How the call broke its route's OpenAPI contract, in words, when its project validates. */
    violations: json().$type<string[]>(),
    /** Where a forwarded call's answer disagrees with its spec's response schema, in words. */
    drift: json().$type<string[]>(),
  },
  (table) => [
    index().on(table.projectId, table.id),
    // Most calls are projects': the stand-alone APIs' index holds only theirs.
    index().on(table.apiId, table.id).where(sql`${table.apiId} is not null`),
    check('request_log_one_owner', oneOwner(table)),
  ],
);

/**
 * The calls of a project or stand-alone API that the log could not keep (its queue was full, a
 * write failed), counted by the minute they were counted in: every answer of the verification
 * API says how many it misses. Cleared with the log, kept 7 days as the calls are.
 */
export const requestLogDrops = pgTable(
  'request_log_drops',
  {
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    apiId: uuid().references(() => apis.id, { onDelete: 'cascade' }),
    /** The minute the drops were counted in (at or after the calls). */
    at: timestamp({ withTimezone: true }).notNull(),
    dropped: integer().notNull(),
  },
  (table) => [
    unique('request_log_drops_owner_at_key')
      .on(table.projectId, table.apiId, table.at)
      .nullsNotDistinct(),
    check('request_log_drops_one_owner', oneOwner(table)),
  ],
);

export type RequestLogRow = typeof requestLog.$inferSelect;
export type NewRequestLogRow = typeof requestLog.$inferInsert;

/**
 * The analytics' roll-ups: the calls of each project and of each stand-alone API counted per
 * minute, hour and UTC day (by status class, faults injected, and a latency histogram), and its
 * calls per route and per consumer by hour and by day. Written by batches of the request log (one
 * upsert per table a batch), read by range through their unique keys (project, API, time), so a
 * chart costs the same at 10 calls a day or 10 million. Kept 2 days (minutes), 8 days (hours)
 * and 90 days (days) by the maintenance; deleted with the project or the API.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { apis, projects } from './apis.ts';

/**
 * What a row counts: a project's calls or a stand-alone API's, exactly one of the two set. The
 * unique keys hold both, their nulls not distinct, so the upserts find a row of either.
 */
function ownerColumns() {
  return {
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    apiId: uuid().references(() => apis.id, { onDelete: 'cascade' }),
  };
}

/** Exactly one of the project and the API. */
export function oneOwner(table: { projectId: PgColumn; apiId: PgColumn }): SQL {
  return sql`num_nonnulls(${table.projectId}, ${table.apiId}) = 1`;
}

/** The columns of a minute, hour or day of a project or API. */
function bucketColumns() {
  return {
    ...ownerColumns(),
    /** The start of the minute, hour or UTC day. */
    at: timestamp({ withTimezone: true }).notNull(),
    calls: integer().notNull(),
    s1xx: integer().notNull().default(0),
    s2xx: integer().notNull().default(0),
    s3xx: integer().notNull().default(0),
    s4xx: integer().notNull().default(0),
    s5xx: integer().notNull().default(0),
    /** Connections closed by an injected fault (no status). */
    s0: integer().notNull().default(0),
    /** Calls answered by an injected fault. */
    faults: integer().notNull().default(0),
    /** Calls no route answered, forwarded to the project's proxy (issue 40). */
    proxied: integer().notNull().default(0),
    /**
     * Calls by latency: 48 counts, under 1 ms, then 46 log-spaced buckets up to 60 s, then 60 s
     * and over (see modules/analytics/latency-histogram.ts). Summed element by element.
     */
    latency: integer().array().notNull(),
  };
}

function bucketTable<Name extends string>(name: Name) {
  return pgTable(name, bucketColumns(), (table) => [
    unique(`${name}_owner_at_key`).on(table.projectId, table.apiId, table.at).nullsNotDistinct(),
    check(`${name}_one_owner`, oneOwner(table)),
    // The maintenance deletes by age across projects; rows come in time order, so a BRIN index
    // is enough and costs the writes almost nothing.
    index().using('brin', table.at),
  ]);
}

export const analyticsMinutes = bucketTable('analytics_minutes');
export const analyticsHours = bucketTable('analytics_hours');
export const analyticsDays = bucketTable('analytics_days');

/** Calls of a project or API per route (`GET /users/{id}`) in an hour or a UTC day. */
function routeTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      ...ownerColumns(),
      at: timestamp({ withTimezone: true }).notNull(),
      route: text().notNull(),
      calls: integer().notNull(),
    },
    (table) => [
      unique(`${name}_owner_at_route_key`)
        .on(table.projectId, table.apiId, table.at, table.route)
        .nullsNotDistinct(),
      check(`${name}_one_owner`, oneOwner(table)),
      index().using('brin', table.at),
    ],
  );
}

/** Calls of a project or API per consumer (the client's hashed address) in an hour or a UTC day. */
function consumerTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      ...ownerColumns(),
      at: timestamp({ withTimezone: true }).notNull(),
      client: text().notNull(),
      calls: integer().notNull(),
    },
    (table) => [
      unique(`${name}_owner_at_client_key`)
        .on(table.projectId, table.apiId, table.at, table.client)
        .nullsNotDistinct(),
      check(`${name}_one_owner`, oneOwner(table)),
      index().using('brin', table.at),
    ],
  );
}

export const analyticsRouteHours = routeTable('analytics_route_hours');
export const analyticsRouteDays = routeTable('analytics_route_days');
export const analyticsConsumerHours = consumerTable('analytics_consumer_hours');
export const analyticsConsumerDays = consumerTable('analytics_consumer_days');

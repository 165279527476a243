import { HTTP_METHODS } from '@mocksmith/core/http';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** One response header a mock API adds to its answers. */
export interface CustomHeader {
  name: string;
  value: string;
}

/** A mock API: its template, how it answers, and how it is shared. */
export const apis = pgTable(
  'apis',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The public id in the API's URLs. */
    requestId: text().notNull().unique(),
    /** The owner's user id; null for anonymous and official APIs. Goes with the user. */
    ownerId: text().references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** The template as the user wrote it (JSON text). */
    template: text().notNull(),
    /** The HTTP method the API answers (the spec's `requestEnum`). */
    method: text({ enum: HTTP_METHODS }).notNull(),
    /** Optional path after the request id, such as `/users/list`. */
    customEndpoint: text(),
    delay: integer().notNull().default(0),
    /** The bearer token callers must send, or null for an open API. */
    authToken: text(),
    httpCode: integer().notNull().default(200),
    customHeaders: jsonb().$type<CustomHeader[]>().notNull().default([]),
    isPublic: boolean().notNull().default(false),
    category: text(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** A sample the service itself publishes (the showcase's APIs). */
    isOfficial: boolean().notNull().default(false),
    likesCount: integer().notNull().default(0),
    /** Answered calls of the public endpoint (the spec's `countUsed`). */
    callCount: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.ownerId, table.createdAt),
    uniqueIndex('apis_owner_method_endpoint_key')
      .on(table.ownerId, table.method, table.customEndpoint)
      .where(sql`${table.ownerId} is not null and ${table.customEndpoint} is not null`),
  ],
);

export type ApiRow = typeof apis.$inferSelect;
export type NewApiRow = typeof apis.$inferInsert;

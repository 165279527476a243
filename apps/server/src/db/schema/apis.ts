import type { NetworkProfile } from '@mocksmith/core/network';
import type { RequestContract } from '@mocksmith/core/openapi';
import type {
  ResponseMode,
  RouteMethod,
  RouteResponse,
  RouteRule,
  SpecResponse,
} from '@mocksmith/core/projects';
import { RESPONSE_MODES, ROUTE_METHODS } from '@mocksmith/core/projects';
import type { TemplateCategory } from '@mocksmith/core/schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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

/** PostgreSQL's full-text document type (read only: a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The gallery's search document: name (weight A), tags (B) and description (C), English
 * stemming. `mocksmith_tags_text` is an IMMUTABLE wrapper of array_to_string (which is only
 * STABLE), created by migration 0003, so the column can be generated and indexed.
 */
export const SEARCH_DOCUMENT = sql`setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(mocksmith_tags_text("tags"), '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')`;

/**
 * A project: one base URL (`/p/{slug}`) under which its routes (APIs with a method and a path
 * template) answer. `version` grows with every change of it or its routes, so that a compiled
 * route table is known to be current.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Lower case letters, digits and '-': the base URL's last segment and the wildcard host's label. */
    slug: text().notNull().unique(),
    /** The seed of its generated data (stable across restarts and nodes). */
    seed: integer().notNull(),
    /** Settings the later issues add (overrides, logging, profiles). */
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.ownerId, table.createdAt)],
);

export type ProjectRow = typeof projects.$inferSelect;

/**
 * What the spec a project was last imported from says each operation answers (issue 40, drift):
 * a forwarded call's answer is checked against it. Apart from the project's row, which every
 * listing reads, and read only when the mock URLs compile the project's table.
 */
export const projectSpecs = pgTable('project_specs', {
  projectId: uuid()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  responses: jsonb().$type<SpecResponse[]>().notNull(),
  /**
   * The spec's text and the file the project's directory names it by (`spec:`), which the
   * export of its files writes so that a pulled project validates as this one; null for a spec
   * imported before they were kept.
   */
  file: text(),
  document: text(),
});

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
    method: text({ enum: ROUTE_METHODS }).$type<RouteMethod>().notNull(),
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
    /** Disabled by a moderator: its mock URLs answer 403 until one enables it again. */
    disabled: boolean().notNull().default(false),
    likesCount: integer().notNull().default(0),
    /** Answered calls of the public endpoint (the spec's `countUsed`). */
    callCount: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The project it is a route of, or null for a stand-alone API. Goes with the project. */
    projectId: uuid().references(() => projects.id, { onDelete: 'cascade' }),
    /** Its path template in the project (`/users/{id}`), when it is a route. */
    routePath: text(),
    /** The path template with parameter names dropped (`/users/{}`): two routes clash on it. */
    routeKey: text(),
    /**
     * Its named responses when it is a route (the default one mirrored in template, httpCode,
     * customHeaders and delay, which its stand-alone URL answers); empty for a stand-alone API.
     */
    responses: jsonb().$type<RouteResponse[]>().notNull().default([]),
    /** How a route picks a response when the request names none. */
    responseMode: text({ enum: RESPONSE_MODES }).$type<ResponseMode>().notNull().default('default'),
    /** The operation of an OpenAPI import that made the route (the next import updates it). */
    importKey: text(),
    /** A route's rules, in order: the first that matches the request picks its response. */
    rules: jsonb().$type<RouteRule[]>().notNull().default([]),
    /** A route's network profile (latency, faults, per-consumer limit); null: the project's. */
    network: jsonb().$type<NetworkProfile>(),
    /** Callers may override the answer (`?__status`, `?__delay`, `Prefer`); its owner's switch. */
    overrides: boolean().notNull().default(true),
    /**
     * What the OpenAPI operation that made the route asks of a request (core's RequestContract,
     * its schemas dereferenced); an import writes it, a re-import replaces it; null for a route
     * not imported from a spec. The project's `settings.validation` checks calls against it.
     */
    request: jsonb().$type<RequestContract>(),
    /** The gallery's search document (generated from name, tags and description). */
    searchVector: tsvector().generatedAlwaysAs(SEARCH_DOCUMENT),
  },
  (table) => [
    index().on(table.ownerId, table.createdAt),
    index('apis_search_index').using('gin', table.searchVector),
    // The gallery's three orders over the public templates, each ending on the id (keyset).
    index('apis_gallery_popular_index')
      .on(table.likesCount.desc(), table.id.desc())
      .where(sql`${table.isPublic}`),
    index('apis_gallery_recent_index')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isPublic}`),
    index('apis_gallery_official_index')
      .on(table.isOfficial.desc(), table.likesCount.desc(), table.id.desc())
      .where(sql`${table.isPublic}`),
    // A project's routes: one per method and path (whatever its parameters are called).
    uniqueIndex('apis_project_route_key')
      .on(table.projectId, table.method, table.routeKey)
      .where(sql`${table.projectId} is not null`),
    uniqueIndex('apis_owner_method_endpoint_key')
      .on(table.ownerId, table.method, table.customEndpoint)
      .where(sql`${table.ownerId} is not null and ${table.customEndpoint} is not null`),
  ],
);

export type ApiRow = typeof apis.$inferSelect;
export type NewApiRow = typeof apis.$inferInsert;

/** An API as a user writes it, in the domain's words (`method`, not the spec's `requestEnum`). */
export interface ApiDraft {
  name: string;
  description: string | null;
  /** The template: JSON text. */
  template: string;
  method: RouteMethod;
  customEndpoint: string | null;
  delay: number;
  authToken: string | null;
  httpCode: number;
  customHeaders: CustomHeader[];
  isPublic: boolean;
  category: TemplateCategory | null;
  tags: string[];
}

/**
 * The batches of call counts taken from Redis that have been added to `apis.call_count`: a batch
 * is added in the same statement that records it here, so a batch retried after a node died
 * (or by two nodes at once) is added once. Rows older than a day are deleted by the maintenance.
 */
export const callCountBatches = pgTable('call_count_batches', {
  id: text().primaryKey(),
  appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

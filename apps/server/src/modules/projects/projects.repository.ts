/**
 * Projects and their routes in PostgreSQL (Drizzle). A route is a row of `apis` with a
 * `projectId`, a `routePath` and its `responses`; a project's `version` grows with every change
 * of it or of its routes.
 */

import type { JsonObject } from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import { isUuid } from '@mocksmith/core/ids';
import type { NetworkProfile } from '@mocksmith/core/network';
import type { RequestContract } from '@mocksmith/core/openapi';
import type { RouteMethod, SpecResponse } from '@mocksmith/core/projects';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { insertApiRow, insertApiRows } from '../../db/api-rows.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { routeClash } from '../../db/route-clash.ts';
import {
  type ApiRow,
  apis,
  type NewApiRow,
  type ProjectRow,
  projectSpecs,
  projects,
} from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { collections } from '../../db/schema/collections.ts';

/**
 * A project as the mock URLs need it: whether its owner is banned, and where its routes are
 * (method, path, request id); each route's template is read by request id on its first call.
 */
export interface MockProjectRow {
  id: string;
  slug: string;
  name: string;
  ownerId: string;
  seed: number;
  ownerBanned: boolean;
  routes: { requestId: string; method: RouteMethod; routePath: string | null }[];
  collections: CollectionDefinition[];
  /** What the mock URLs read of its settings (overrides, network profile, replay, token). */
  settings: {
    overrides?: boolean;
    network?: NetworkProfile | null;
    replay?: boolean;
    authToken?: string | null;
    proxy?: { url: string; record?: boolean } | null;
  };
  /** What its spec says each operation answers (drift), or null: imported from no spec. */
  specResponses: SpecResponse[] | null;
}

export type NewProjectRow = typeof projects.$inferInsert;

/** What a project keeps of the spec it was last imported from (`project_specs`). */
export interface StoredSpec {
  responses: SpecResponse[];
  /** The file its directory names it by, and its text; null when imported before they were kept. */
  file: string | null;
  document: string | null;
}

/** A project with the number of its routes, as the list shows it. */
/** A project with how many routes and collections it holds. */
export type ProjectWithCount = ProjectRow & { routeCount: number; collectionCount: number };

/** The fields a change of a route writes (its identity, owner and project stay). */
export type RouteChanges = Pick<
  NewApiRow,
  | 'name'
  | 'method'
  | 'routePath'
  | 'routeKey'
  | 'responses'
  | 'responseMode'
  | 'authToken'
  | 'template'
  | 'httpCode'
  | 'customHeaders'
  | 'delay'
  | 'rules'
  | 'network'
  | 'overrides'
  | 'request'
>;

/**
 * Thrown by `transaction` when a write took a slug another project has (the unique constraint
 * decides, so two creates at once cannot both win); nothing was written.
 */
export class SlugTakenError extends Error {
  override name = 'SlugTakenError';
}

/**
 * Thrown by `transaction` when a write gave a project two routes of one method and path (the
 * unique index `apis_project_route_key` decides); nothing was written.
 */
export class RouteTakenError extends Error {
  override name = 'RouteTakenError';
}

const SLUG_KEY = 'projects_slug_unique';
const ROUTE_KEY = 'apis_project_route_key';

export function createProjectsRepository(db: Database) {
  /** The owner's project with this id, or null (also for an id that is not a UUID). */
  const findOwned = async (
    id: string,
    ownerId: string,
    executor: Executor = db,
  ): Promise<ProjectRow | null> => {
    if (!isUuid(id)) return null;
    const [row] = await executor
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
      .limit(1);
    return row ?? null;
  };

  return {
    /**
     * Runs `work` in one transaction. Throws SlugTakenError or RouteTakenError, having written
     * nothing, when a write clashed on a slug or on a project's method and path.
     */
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      try {
        return await db.transaction(work);
      } catch (error) {
        if (isUniqueViolation(error, SLUG_KEY)) throw new SlugTakenError();
        if (isUniqueViolation(error, ROUTE_KEY)) throw new RouteTakenError();
        throw error;
      }
    },

    /** The project with this slug and where its routes are (two small queries), or null. */
    async findMockProject(slug: string): Promise<MockProjectRow | null> {
      const [found] = await db
        .select({
          id: projects.id,
          slug: projects.slug,
          name: projects.name,
          ownerId: projects.ownerId,
          seed: projects.seed,
          settings: projects.settings,
          banned: users.banned,
          specResponses: projectSpecs.responses,
        })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.ownerId))
        .leftJoin(projectSpecs, eq(projectSpecs.projectId, projects.id))
        .where(eq(projects.slug, slug))
        .limit(1);
      if (!found) return null;
      const routes = await db
        .select({ requestId: apis.requestId, method: apis.method, routePath: apis.routePath })
        .from(apis)
        .where(eq(apis.projectId, found.id))
        .orderBy(asc(apis.routePath), asc(apis.method));
      const collectionRows = await db
        .select()
        .from(collections)
        .where(eq(collections.projectId, found.id))
        .orderBy(asc(collections.path));
      return {
        id: found.id,
        slug: found.slug,
        name: found.name,
        ownerId: found.ownerId,
        seed: found.seed,
        settings: found.settings as MockProjectRow['settings'],
        ownerBanned: found.banned === true,
        routes,
        specResponses: found.specResponses,
        collections: collectionRows.map((row) => ({
          id: row.id,
          name: row.name,
          path: row.path,
          template: row.template as JsonObject,
          count: row.count,
          unknownFields: row.unknownFields,
          cascade: row.cascade,
          seedVersion: row.seedVersion,
          version: row.version,
          authToken: row.authToken,
        })),
      };
    },

    /**
     * How many projects the user has, counted while holding their user row: creates of one user
     * then go one after the other, so two at once cannot both pass the limit (call in a
     * transaction). The same lock as the APIs' count.
     */
    async countOwnedLocked(ownerId: string, tx: Transaction): Promise<number> {
      await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(projects)
        .where(eq(projects.ownerId, ownerId));
      return row?.count ?? 0;
    },

    /**
     * How many stand-alone APIs the user has, holding their user row as the APIs' count does
     * (a route moving out becomes one; call in a transaction).
     */
    async countStandAloneLocked(ownerId: string, tx: Transaction): Promise<number> {
      await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(apis)
        .where(and(eq(apis.ownerId, ownerId), isNull(apis.projectId)));
      return row?.count ?? 0;
    },

    /** Which of these slugs projects have (of any owner). */
    async takenSlugs(slugs: readonly string[]): Promise<Set<string>> {
      if (slugs.length === 0) return new Set();
      const rows = await db
        .select({ slug: projects.slug })
        .from(projects)
        .where(inArray(projects.slug, [...slugs]));
      return new Set(rows.map((row) => row.slug));
    },

    /** Inserts a project and returns the stored row. */
    async insertProject(row: NewProjectRow, executor: Executor = db): Promise<ProjectRow> {
      const [stored] = await executor.insert(projects).values(row).returning();
      if (!stored) throw new Error('insert returned no row');
      return stored;
    },

    /** The user's projects with their route and collection counts, newest first. */
    async listByOwner(ownerId: string): Promise<ProjectWithCount[]> {
      // Counted apart: one join of both would count each route once per collection.
      const rows = await db
        .select({
          project: projects,
          // Written out: drizzle leaves a column of a select's own query unqualified, which
          // would read `project_id = id` inside the subquery.
          routeCount: sql<number>`(select count(*) from ${apis} where ${apis}.project_id = ${projects}.id)::int`,
          collectionCount: sql<number>`(select count(*) from ${collections} where ${collections}.project_id = ${projects}.id)::int`,
        })
        .from(projects)
        .where(eq(projects.ownerId, ownerId))
        .orderBy(desc(projects.createdAt), desc(projects.id));
      return rows.map(({ project, routeCount, collectionCount }) => ({
        ...project,
        routeCount,
        collectionCount,
      }));
    },

    findOwned,

    /**
     * The owner's project with this id, its row held until the transaction ends: the changes
     * of one project (and the count of its routes) go one after the other. Null when the owner
     * has none of this id.
     */
    async lockOwned(id: string, ownerId: string, tx: Transaction): Promise<ProjectRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await tx
        .select()
        .from(projects)
        .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /**
     * Records a change of the project or of its routes: its version grows by one and its
     * `updatedAt` is now. Applies `changes` (name, slug) too. Returns the stored row.
     */
    /** The spec a project was last imported from: what it answers, and its text, or null. */
    async specOf(projectId: string, tx: Executor = db): Promise<StoredSpec | null> {
      const [row] = await tx
        .select({
          responses: projectSpecs.responses,
          file: projectSpecs.file,
          document: projectSpecs.document,
        })
        .from(projectSpecs)
        .where(eq(projectSpecs.projectId, projectId));
      return row ?? null;
    },

    /**
     * Keeps what the spec a project was imported from says each operation answers (drift), and
     * the spec's text under the file its directory names it by (the export writes it).
     */
    async setSpec(projectId: string, spec: StoredSpec, tx: Transaction): Promise<void> {
      await tx
        .insert(projectSpecs)
        .values({ projectId, ...spec })
        .onConflictDoUpdate({ target: projectSpecs.projectId, set: spec });
    },

    async touch(
      id: string,
      tx: Transaction,
      changes: Partial<Pick<ProjectRow, 'name' | 'slug' | 'seed' | 'settings'>> = {},
    ): Promise<ProjectRow> {
      const [stored] = await tx
        .update(projects)
        .set({ ...changes, version: sql`${projects.version} + 1`, updatedAt: sql`now()` })
        .where(eq(projects.id, id))
        .returning();
      if (!stored) throw new Error(`project ${id} went away within its transaction`);
      return stored;
    },

    /** Deletes a project (its routes go with it) and returns it, or null. */
    async deleteProject(id: string, tx: Transaction): Promise<ProjectRow | null> {
      const [deleted] = await tx.delete(projects).where(eq(projects.id, id)).returning();
      return deleted ?? null;
    },

    /** A project's routes, ordered by path, then method. */
    async routesOf(projectId: string, executor: Executor = db): Promise<ApiRow[]> {
      return executor
        .select()
        .from(apis)
        .where(eq(apis.projectId, projectId))
        .orderBy(asc(apis.routePath), asc(apis.method));
    },

    /** The request ids of a project's routes (their stand-alone URLs' cache keys). */
    async routeRequestIds(projectId: string, executor: Executor = db): Promise<string[]> {
      const rows = await executor
        .select({ requestId: apis.requestId })
        .from(apis)
        .where(eq(apis.projectId, projectId));
      return rows.map((row) => row.requestId);
    },

    /** How many routes a project has (call holding the project's row: see `lockOwned`). */
    async countRoutes(projectId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(apis)
        .where(eq(apis.projectId, projectId));
      return row?.count ?? 0;
    },

    /** How many collections the project holds. */
    async countCollections(projectId: string, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(collections)
        .where(eq(collections.projectId, projectId));
      return row?.count ?? 0;
    },

    /** The project's route with this id, or null. */
    async findRoute(
      projectId: string,
      routeId: string,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      if (!isUuid(routeId)) return null;
      const [row] = await executor
        .select()
        .from(apis)
        .where(and(eq(apis.id, routeId), eq(apis.projectId, projectId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The project's route of this method at this path key (`/users/{}`), other than `exceptId`,
     * or null: the route a new one would clash with.
     */
    async findRouteByKey(
      projectId: string,
      method: RouteMethod,
      routeKey: string,
      exceptId: string | null,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      const [row] = await executor
        .select()
        .from(apis)
        .where(
          and(
            eq(apis.projectId, projectId),
            eq(apis.method, method),
            eq(apis.routeKey, routeKey),
            exceptId === null ? undefined : ne(apis.id, exceptId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * The project's collection that answers this method at this path key, or null: a
     * collection at `/users` answers GET and POST there and GET, PUT, PATCH, DELETE at
     * `/users/{}`.
     */
    async findCollectionAt(
      projectId: string,
      method: RouteMethod,
      routeKey: string,
      executor: Executor = db,
    ): Promise<{ name: string; path: string } | null> {
      const [row] = await executor
        .select({ name: collections.name, path: collections.path })
        .from(collections)
        .where(
          routeClash({
            projectColumn: collections.projectId,
            projectId,
            method,
            routeKey,
            collectionPath: collections.path,
          }),
        )
        .limit(1);
      return row ?? null;
    },

    /** Inserts a route and returns the stored row. */
    async insertRoute(row: NewApiRow, executor: Executor = db): Promise<ApiRow> {
      return insertApiRow(executor, row);
    },

    /** Inserts several routes (an import's, up to a project's limit in one statement). */
    async insertRoutes(rows: readonly NewApiRow[], executor: Executor = db): Promise<ApiRow[]> {
      return insertApiRows(executor, rows);
    },

    /** Changes the project's route, bumping `updatedAt`; null when it has none of this id. */
    async updateRoute(
      routeId: string,
      projectId: string,
      changes: RouteChanges,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      const [stored] = await executor
        .update(apis)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(apis.id, routeId), eq(apis.projectId, projectId)))
        .returning();
      return stored ?? null;
    },

    /** Sets what a route's operation asks of a request (its OpenAPI contract), or none. */
    async setRouteRequest(
      routeId: string,
      projectId: string,
      request: RequestContract | null,
      tx: Transaction,
    ): Promise<void> {
      await tx
        .update(apis)
        .set({ request, updatedAt: sql`now()` })
        .where(and(eq(apis.id, routeId), eq(apis.projectId, projectId)));
    },

    /** Deletes the project's route and returns it; null when it has none of this id (or it is no UUID). */
    async deleteRoute(
      routeId: string,
      projectId: string,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      if (!isUuid(routeId)) return null;
      const [deleted] = await executor
        .delete(apis)
        .where(and(eq(apis.id, routeId), eq(apis.projectId, projectId)))
        .returning();
      return deleted ?? null;
    },

    /**
     * The owner's API with this id (stand-alone or a route), with the name of the project it is
     * a route of (else null); null when the owner has none of this id.
     */
    async findOwnedApi(
      apiId: string,
      ownerId: string,
      executor: Executor = db,
    ): Promise<{ api: ApiRow; projectName: string | null } | null> {
      if (!isUuid(apiId)) return null;
      const [row] = await executor
        .select({ api: apis, projectName: projects.name })
        .from(apis)
        .leftJoin(projects, eq(projects.id, apis.projectId))
        .where(and(eq(apis.id, apiId), eq(apis.ownerId, ownerId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Makes a stand-alone API a route of the project with `changes`; null when it is not a
     * stand-alone API of the owner (any more).
     */
    async moveIn(
      apiId: string,
      ownerId: string,
      changes: Pick<
        NewApiRow,
        | 'projectId'
        | 'method'
        | 'routePath'
        | 'routeKey'
        | 'responses'
        | 'responseMode'
        | 'customEndpoint'
        | 'isPublic'
        | 'importKey'
      >,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      const [stored] = await executor
        .update(apis)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(apis.id, apiId), eq(apis.ownerId, ownerId), isNull(apis.projectId)))
        .returning();
      return stored ?? null;
    },

    /**
     * Makes the project's route a stand-alone API again: no project, path or responses (its
     * default response stays in its fields). Null when the project has no route of this id.
     */
    async moveOut(
      routeId: string,
      projectId: string,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      const [stored] = await executor
        .update(apis)
        .set({
          projectId: null,
          routePath: null,
          routeKey: null,
          importKey: null,
          responses: [],
          responseMode: 'default',
          updatedAt: sql`now()`,
        })
        .where(and(eq(apis.id, routeId), eq(apis.projectId, projectId)))
        .returning();
      return stored ?? null;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;

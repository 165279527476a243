import { isUuid } from '@mocksmith/core/ids';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { insertApiRow, insertApiRows } from '../../db/api-rows.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type ApiRow,
  apis,
  callCountBatches,
  type NewApiRow,
  projects,
} from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';

/** The unique index that gives a user one API per method and custom endpoint. */
const OWNER_ENDPOINT_KEY = 'apis_owner_method_endpoint_key';

/**
 * Thrown by `transaction` when a write clashed on the owner's method and custom endpoint (the
 * unique index decides, so two concurrent saves cannot both win); nothing was written.
 */
export class EndpointTakenError extends Error {
  override name = 'EndpointTakenError';
}

/** The fields an update may change. */
export type ApiChanges = Omit<
  NewApiRow,
  | 'id'
  | 'requestId'
  | 'ownerId'
  | 'isOfficial'
  | 'disabled'
  | 'likesCount'
  | 'callCount'
  | 'createdAt'
  | 'updatedAt'
>;

/** Drizzle queries over the apis table. Rows leave as they are; presenters shape them. */
export function createApisRepository(db: Database) {
  return {
    /**
     * Runs `work` in one transaction: its writes (an API and its history) go together or not at
     * all. Throws EndpointTakenError, having written nothing, on a clash of the owner's method
     * and custom endpoint.
     */
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      try {
        return await db.transaction(work);
      } catch (error) {
        if (isUniqueViolation(error, OWNER_ENDPOINT_KEY)) throw new EndpointTakenError();
        throw error;
      }
    },

    /** Inserts an API and returns the stored row. */
    async insert(row: NewApiRow, executor: Executor = db): Promise<ApiRow> {
      return insertApiRow(executor, row);
    },

    /** Inserts several APIs (in statements of a few hundred rows) and returns them in order. */
    async insertMany(rows: readonly NewApiRow[], executor: Executor = db): Promise<ApiRow[]> {
      return insertApiRows(executor, rows);
    },

    /** The method and custom endpoint of each of the owner's stand-alone APIs that has one. */
    async endpointsOf(ownerId: string): Promise<{ method: string; customEndpoint: string }[]> {
      const rows = await db
        .select({ method: apis.method, customEndpoint: apis.customEndpoint })
        .from(apis)
        .where(
          and(eq(apis.ownerId, ownerId), isNull(apis.projectId), isNotNull(apis.customEndpoint)),
        );
      return rows as { method: string; customEndpoint: string }[];
    },

    /**
     * How many stand-alone APIs the user has (the routes of projects count toward their
     * projects' limits instead), counted while holding their user row: creates of one user then
     * go one after the other, so two at once cannot both pass a limit (call in a transaction).
     */
    async countOwnedLocked(ownerId: string, tx: Transaction): Promise<number> {
      await tx.execute(sql`select 1 from users where id = ${ownerId} for update`);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(apis)
        .where(and(eq(apis.ownerId, ownerId), isNull(apis.projectId)));
      return row?.count ?? 0;
    },

    /**
     * The owner's newest API created within the last `seconds` with this name, template, method
     * and custom endpoint (a repeated submit of one form), or null (call in the transaction).
     */
    async findRecentTwin(
      ownerId: string,
      twin: Pick<NewApiRow, 'name' | 'template' | 'method' | 'customEndpoint'>,
      seconds: number,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      const [row] = await executor
        .select()
        .from(apis)
        .where(
          and(
            eq(apis.ownerId, ownerId),
            sql`${apis.createdAt} > now() - make_interval(secs => ${seconds})`,
            eq(apis.name, twin.name),
            eq(apis.method, twin.method),
            sql`${apis.customEndpoint} is not distinct from ${twin.customEndpoint ?? null}`,
            eq(apis.template, twin.template),
          ),
        )
        .orderBy(desc(apis.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The API with this id, or null (also for an id that is not a UUID). */
    async findById(id: string): Promise<ApiRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(apis).where(eq(apis.id, id)).limit(1);
      return row ?? null;
    },

    /** The API with this public id, or null. */
    async findByRequestId(requestId: string): Promise<ApiRow | null> {
      const [row] = await db.select().from(apis).where(eq(apis.requestId, requestId)).limit(1);
      return row ?? null;
    },

    /**
     * The API with this request id as its mock URLs serve it: the row, whether its owner is
     * banned now (a ban stops every mock URL of the account) and, for a route, its project's
     * slug (its own URL answers as the project's). Null when there is none.
     */
    async findMockApi(
      requestId: string,
    ): Promise<(ApiRow & { ownerBanned: boolean; projectSlug: string | null }) | null> {
      const [row] = await db
        .select({ api: apis, ownerBanned: users.banned, projectSlug: projects.slug })
        .from(apis)
        .leftJoin(users, eq(users.id, apis.ownerId))
        .leftJoin(projects, eq(projects.id, apis.projectId))
        .where(eq(apis.requestId, requestId))
        .limit(1);
      return row
        ? { ...row.api, ownerBanned: row.ownerBanned === true, projectSlug: row.projectSlug }
        : null;
    },

    /** The user's stand-alone APIs (not the routes of their projects), newest first. */
    async listByOwner(ownerId: string): Promise<ApiRow[]> {
      return db
        .select()
        .from(apis)
        .where(and(eq(apis.ownerId, ownerId), isNull(apis.projectId)))
        .orderBy(desc(apis.createdAt), desc(apis.id));
    },

    /** The name of the project with this id, or null. */
    async projectName(projectId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.id, projectId))
        .limit(1);
      return row?.name ?? null;
    },

    /**
     * Changes the owner's stand-alone API, bumping `updatedAt`; null when the owner has none of
     * this id (a route, changed through its project, is none).
     */
    async update(
      id: string,
      ownerId: string,
      changes: ApiChanges,
      executor: Executor = db,
    ): Promise<ApiRow | null> {
      const [stored] = await executor
        .update(apis)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(apis.id, id), eq(apis.ownerId, ownerId), isNull(apis.projectId)))
        .returning();
      return stored ?? null;
    },

    /**
     * Deletes the owner's stand-alone API and returns it; null when the owner has none of this
     * id (a route goes through its project).
     */
    async delete(id: string, ownerId: string, executor: Executor = db): Promise<ApiRow | null> {
      const [deleted] = await executor
        .delete(apis)
        .where(and(eq(apis.id, id), eq(apis.ownerId, ownerId), isNull(apis.projectId)))
        .returning();
      return deleted ?? null;
    },

    /**
     * Creates or refreshes an API under a fixed request id (the official samples), keeping its
     * call count and likes.
     */
    async upsertByRequestId(row: NewApiRow & { requestId: string }): Promise<void> {
      const { requestId: _requestId, ...changes } = row;
      await db
        .insert(apis)
        .values(row)
        .onConflictDoUpdate({
          target: apis.requestId,
          set: { ...changes, updatedAt: sql`now()` },
          // Only when something differs: a second node starting finds nothing to write.
          setWhere: sql`(${apis.name}, ${apis.description}, ${apis.template}, ${apis.method}, ${apis.isPublic}, ${apis.isOfficial}, ${apis.category}, ${apis.tags}) is distinct from (excluded.name, excluded.description, excluded.template, excluded.method, excluded.is_public, excluded.is_official, excluded.category, excluded.tags)`,
        });
    },

    /** Adds call counts, keyed by API id, in one statement. */
    async addCalls(counts: ReadonlyMap<string, number>): Promise<void> {
      if (counts.size === 0) return;
      const { ids, amounts } = countArrays(counts);
      await db.execute(sql`
        update ${apis} set call_count = ${apis.callCount} + u.amount
        from unnest(${ids}::uuid[], ${amounts}::bigint[]) as u(id, amount)
        where ${apis.id} = u.id`);
    },

    /**
     * Adds a batch of call counts unless a batch with this id was added before: one statement
     * records the id and adds the counts, so both happen or neither does.
     */
    async addCallBatch(batchId: string, counts: ReadonlyMap<string, number>): Promise<void> {
      if (counts.size === 0) return;
      const { ids, amounts } = countArrays(counts);
      await db.execute(sql`
        with recorded as (
          insert into ${callCountBatches} (id) values (${batchId})
          on conflict do nothing returning id
        )
        update ${apis} set call_count = ${apis.callCount} + u.amount
        from unnest(${ids}::uuid[], ${amounts}::bigint[]) as u(id, amount), recorded
        where ${apis.id} = u.id`);
    },
  };
}

export type ApisRepository = ReturnType<typeof createApisRepository>;

/**
 * Call counts as two array parameters (PostgreSQL array literals of uuids and integers, which
 * need no quoting): one statement and one round trip, whatever the batch size. Ids that are not
 * uuids (a Redis hash written by something else) are left out rather than failing the batch.
 */
function countArrays(counts: ReadonlyMap<string, number>): { ids: string; amounts: string } {
  const ids: string[] = [];
  const amounts: number[] = [];
  for (const [id, amount] of counts) {
    if (!isUuid(id) || !Number.isSafeInteger(amount)) continue;
    ids.push(id);
    amounts.push(amount);
  }
  return { ids: `{${ids.join(',')}}`, amounts: `{${amounts.join(',')}}` };
}

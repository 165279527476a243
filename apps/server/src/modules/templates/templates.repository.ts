import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { history, type NewHistoryRow } from '../../db/schema/history.ts';
import { type NewTemplateRow, type TemplateRow, templates } from '../../db/schema/templates.ts';

/** The unique index that gives a user one API per method and custom endpoint. */
const OWNER_ENDPOINT_KEY = 'templates_owner_method_endpoint_key';

/** What a write answers when the user has an API of that method at that endpoint already. */
export const ENDPOINT_TAKEN = 'endpoint-taken';

/** A history entry to write with a change; the time is the database's. */
export type HistoryEntryRow = Omit<NewHistoryRow, 'id' | 'createdAt'>;

/** The fields an update may change. */
export type TemplateChanges = Omit<
  NewTemplateRow,
  | 'id'
  | 'requestId'
  | 'ownerId'
  | 'isOfficial'
  | 'likesCount'
  | 'countUsed'
  | 'createdAt'
  | 'updatedAt'
>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes history entries in order, one statement each, stamped with the clock rather than
 * with the transaction's start: the entries of one change (a creation and its warning) then
 * keep their order in the newest-first list.
 */
async function record(tx: Transaction, entries: HistoryEntryRow[]): Promise<void> {
  for (const entry of entries) {
    await tx.insert(history).values({ ...entry, createdAt: sql`clock_timestamp()` });
  }
}

/** Runs a write, answering ENDPOINT_TAKEN for a clash on the owner's method and endpoint. */
async function unlessEndpointTaken<T>(write: () => Promise<T>): Promise<T | typeof ENDPOINT_TAKEN> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, OWNER_ENDPOINT_KEY)) return ENDPOINT_TAKEN;
    throw error;
  }
}

/** Drizzle queries over the templates table; rows never leave this file unmapped by callers. */
export function createTemplatesRepository(db: Database) {
  return {
    /** Inserts a template and returns the stored row. */
    async insert(row: NewTemplateRow): Promise<TemplateRow> {
      const [stored] = await db.insert(templates).values(row).returning();
      if (!stored) throw new Error('insert returned no row');
      return stored;
    },

    /** The template with this id, or null (also for an id that is not a UUID). */
    async findById(id: string): Promise<TemplateRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
      return row ?? null;
    },

    /** The user's templates, newest first. */
    async listByOwner(ownerId: string): Promise<TemplateRow[]> {
      return db
        .select()
        .from(templates)
        .where(eq(templates.ownerId, ownerId))
        .orderBy(desc(templates.createdAt), desc(templates.id));
    },

    /**
     * Inserts a user's template and its history entries in one transaction. Answers
     * ENDPOINT_TAKEN, having written nothing, when the owner has an API of that method at that
     * custom endpoint (the unique index decides, so two concurrent saves cannot both win).
     */
    async insertWithHistory(
      row: NewTemplateRow & { ownerId: string },
      entries: HistoryEntryRow[],
    ): Promise<TemplateRow | typeof ENDPOINT_TAKEN> {
      return unlessEndpointTaken(() =>
        db.transaction(async (tx) => {
          const [stored] = await tx.insert(templates).values(row).returning();
          if (!stored) throw new Error('insert returned no row');
          await record(tx, entries);
          return stored;
        }),
      );
    },

    /**
     * Changes the owner's template and writes its history entries in one transaction, bumping
     * `updatedAt`. Answers null, having written nothing, when the owner has no template with
     * this id, and ENDPOINT_TAKEN as `insertWithHistory` does.
     */
    async updateWithHistory(
      id: string,
      ownerId: string,
      changes: TemplateChanges,
      entries: HistoryEntryRow[],
    ): Promise<TemplateRow | null | typeof ENDPOINT_TAKEN> {
      return unlessEndpointTaken(() =>
        db.transaction(async (tx) => {
          const [stored] = await tx
            .update(templates)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(and(eq(templates.id, id), eq(templates.ownerId, ownerId)))
            .returning();
          if (!stored) return null;
          await record(tx, entries);
          return stored;
        }),
      );
    },

    /**
     * Deletes the owner's template and writes its history entries in one transaction. Answers
     * the deleted row, or null (nothing written) when the owner has no template with this id.
     */
    async deleteWithHistory(
      id: string,
      ownerId: string,
      entries: HistoryEntryRow[],
    ): Promise<TemplateRow | null> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(templates)
          .where(and(eq(templates.id, id), eq(templates.ownerId, ownerId)))
          .returning();
        if (!deleted) return null;
        await record(tx, entries);
        return deleted;
      });
    },

    /** The template with this public id, or null. */
    async findByRequestId(requestId: string): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(templates)
        .where(eq(templates.requestId, requestId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Creates or refreshes a template under a fixed request id (the official samples), keeping
     * its call count and likes.
     */
    async upsertByRequestId(row: NewTemplateRow & { requestId: string }): Promise<void> {
      const { requestId: _requestId, ...changes } = row;
      await db
        .insert(templates)
        .values(row)
        .onConflictDoUpdate({
          target: templates.requestId,
          set: { ...changes, updatedAt: sql`now()` },
        });
    },

    /** Adds call counts, keyed by template id, in one statement. */
    async addUsage(counts: ReadonlyMap<string, number>): Promise<void> {
      if (counts.size === 0) return;
      // Two array parameters (as PostgreSQL array literals of uuids and integers, which need
      // no quoting) keep it one statement and one round trip, whatever the batch size.
      const ids = `{${[...counts.keys()].join(',')}}`;
      const amounts = `{${[...counts.values()].join(',')}}`;
      await db.execute(sql`
        update ${templates} set count_used = ${templates.countUsed} + u.amount
        from unnest(${ids}::uuid[], ${amounts}::bigint[]) as u(id, amount)
        where ${templates.id} = u.id`);
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;

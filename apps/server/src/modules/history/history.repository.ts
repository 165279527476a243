import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type HistoryRow, history, type NewHistoryRow } from '../../db/schema/history.ts';

/** A history entry to write; the time is the database's. */
export type NewHistoryEntry = Omit<NewHistoryRow, 'id' | 'createdAt'>;

/** Drizzle queries over the history table. */
export function createHistoryRepository(db: Database) {
  return {
    /** The user's latest entries, newest first. */
    async listByOwner(ownerId: string, limit: number): Promise<HistoryRow[]> {
      return db
        .select()
        .from(history)
        .where(eq(history.ownerId, ownerId))
        .orderBy(desc(history.createdAt), desc(history.id))
        .limit(limit);
    },

    /**
     * Writes entries in order, one statement each, through `executor` (the transaction of the
     * change they record), stamped with the clock rather than with the transaction's start:
     * the entries of one change (a creation and its warning) keep their order in the list.
     */
    async insert(entries: readonly NewHistoryEntry[], executor: Executor = db): Promise<void> {
      for (const entry of entries) {
        await executor.insert(history).values({ ...entry, createdAt: sql`clock_timestamp()` });
      }
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

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

    /**
     * Writes many entries (an import's) in statements of 250 rows, each stamped with the
     * clock as its row is written; entries that tie on the time have no set order.
     */
    async insertMany(entries: readonly NewHistoryEntry[], executor: Executor = db): Promise<void> {
      for (let start = 0; start < entries.length; start += 250) {
        const rows = entries
          .slice(start, start + 250)
          .map((entry) => ({ ...entry, createdAt: sql`clock_timestamp()` }));
        await executor.insert(history).values(rows);
      }
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

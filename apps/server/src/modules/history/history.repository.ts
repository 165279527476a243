import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type HistoryRow, history } from '../../db/schema/history.ts';

/** Drizzle queries over the history table. Entries are written with the change they record. */
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
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

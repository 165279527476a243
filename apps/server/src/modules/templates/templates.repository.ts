import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type NewTemplateRow, type TemplateRow, templates } from '../../db/schema/templates.ts';

/** Drizzle queries over the templates table; rows never leave this file unmapped by callers. */
export function createTemplatesRepository(db: Database) {
  return {
    /** Inserts a template and returns the stored row. */
    async insert(row: NewTemplateRow): Promise<TemplateRow> {
      const [stored] = await db.insert(templates).values(row).returning();
      if (!stored) throw new Error('insert returned no row');
      return stored;
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

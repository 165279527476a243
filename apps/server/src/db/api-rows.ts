/**
 * Writing rows of `apis`, which both the APIs module (stand-alone APIs) and the projects module
 * (routes) store: one insert, and many in statements of a bounded size.
 */
import type { Executor } from './client.ts';
import { type ApiRow, apis, type NewApiRow } from './schema/apis.ts';

/**
 * Rows per insert statement: well under PostgreSQL's 65,535 parameters at ~30 columns a row, and
 * small enough that building one statement holds the event loop for a few milliseconds only
 * (drizzle takes about 55 µs a row: 200 rows held it 11 ms and more with their garbage).
 */
const INSERT_CHUNK = 50;

/** Inserts one row of `apis` and returns it as stored. */
export async function insertApiRow(executor: Executor, row: NewApiRow): Promise<ApiRow> {
  const [stored] = await executor.insert(apis).values(row).returning();
  if (!stored) throw new Error('insert returned no row');
  return stored;
}

/** Inserts rows of `apis` (in statements of INSERT_CHUNK rows) and returns them in order. */
export async function insertApiRows(
  executor: Executor,
  rows: readonly NewApiRow[],
): Promise<ApiRow[]> {
  const stored: ApiRow[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    stored.push(...(await executor.insert(apis).values(chunk).returning()));
  }
  return stored;
}

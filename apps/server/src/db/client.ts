import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import { apis } from './schema/apis.ts';
import { accounts, sessions, users, verifications } from './schema/auth.ts';
import { apiLikes, moderationActions, templateReports } from './schema/gallery.ts';
import { history } from './schema/history.ts';

export const schema = {
  apis,
  history,
  users,
  sessions,
  accounts,
  verifications,
  apiLikes,
  templateReports,
  moderationActions,
};
export type Database = NodePgDatabase<typeof schema>;
/** An open transaction: what repositories write through when several writes go together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database itself, or a transaction on it. */
export type Executor = Database | Transaction;

/** A connection pool and the drizzle client over it. */
export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Opens a pool on `url`; nothing connects until the first query. */
export function createDatabase(url: string, poolSize = 10): DatabaseHandle {
  // A database that cannot be reached fails a query in seconds rather than holding it forever.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client's error (the server restarting, say) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/** Applies the SQL migrations that have not run yet. Safe to call on every start. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir });
}

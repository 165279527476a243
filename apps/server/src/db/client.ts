import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import { lockKeys } from './locks.ts';
import { apis, callCountBatches } from './schema/apis.ts';
import { accounts, sessions, users, verifications } from './schema/auth.ts';
import { apiLikes, apiReports, moderationActions } from './schema/gallery.ts';
import { history } from './schema/history.ts';

export const schema = {
  apis,
  callCountBatches,
  history,
  users,
  sessions,
  accounts,
  verifications,
  apiLikes,
  apiReports,
  moderationActions,
};
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** An open transaction: what repositories write through when several writes go together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database itself, or a transaction on it. */
export type Executor = Database | Transaction;

/** A connection pool and the drizzle client over it. */
export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** Ends the pool; resolves once each of its connections is closed by the server. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolSize?: number;
  /** The longest a statement may take (server side) or wait for its answer (client side). */
  timeoutMs?: number;
}

/** Opens a pool on `url`; nothing connects until the first query. */
export function createDatabase(
  url: string,
  { poolSize = 10, timeoutMs = 10_000 }: DatabaseOptions = {},
): DatabaseHandle {
  // A database that cannot be reached fails a call in seconds rather than holding it forever:
  // the connection attempt, the statement (PostgreSQL cancels it) and the wait for its answer
  // (a server that stopped answering at all, which no server-side timeout catches) are bounded.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    statement_timeout: timeoutMs,
    // A little over the statement's: PostgreSQL's own cancellation comes first when it can.
    query_timeout: timeoutMs + 1000,
    idle_in_transaction_session_timeout: timeoutMs * 3,
  });
  // An idle client's error (the server restarting, say) must not crash the process.
  pool.on('error', () => {});
  // pool.end() resolves as soon as it has asked its idle connections to end, before the server
  // has closed them: a server stopped right after (the embedded one, at shutdown) would find
  // them open and terminate them, each logging 'FATAL: terminating connection due to
  // administrator command'. So each connection's own end is awaited.
  const open = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    open.add(ended);
    void ended.then(() => open.delete(ended));
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    pool,
    async close() {
      await pool.end();
      await Promise.all(open);
    },
  };
}

/**
 * Applies the SQL migrations that have not run yet. Safe to call on every start, and from every
 * node at once: they run under an advisory lock, so the second node waits for the first and then
 * finds nothing left to apply (drizzle's own bookkeeping would race: both would create its table).
 * They run on a connection of their own, without the pool's statement timeout (building an index
 * on a large table may take minutes); closing it frees the lock, also if a migration failed.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const client = new pg.Client({
    connectionString: db.$client.options.connectionString,
    connectionTimeoutMillis: 5000,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', lockKeys('migrations'));
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder: migrationsDir });
  } finally {
    await client.end();
  }
}

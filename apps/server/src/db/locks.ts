/**
 * PostgreSQL advisory locks: how the work that must happen once, whatever the number of nodes
 * sharing the database, happens once (migrations, the sample APIs, the periodic cleanup). A lock
 * is held by one connection; a node that dies loses its connection and so its locks, which an
 * expiring lock in Redis could not promise.
 */
import type pg from 'pg';

/** The first key of every lock of ours (ASCII 'MOCK'), so that other users of the database differ. */
const LOCK_CLASS = 0x4d4f434b;

/** Every lock, by name; the second key of each. Never renumber one: nodes of two versions meet. */
export const LOCKS = {
  migrations: 1,
  samples: 2,
  maintenance: 3,
} as const;
export type LockName = keyof typeof LOCKS;

/** The two keys of a lock, as the parameters of PostgreSQL's advisory lock functions. */
export const lockKeys = (name: LockName): [number, number] => [LOCK_CLASS, LOCKS[name]];

/**
 * Runs `work` while holding the lock, waiting for it when another node holds it (the second node
 * to migrate waits, then finds nothing left to do). `work` gets the connection holding the lock,
 * for work that must be done on it.
 */
export async function withLock<T>(
  pool: pg.Pool,
  name: LockName,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1, $2)', lockKeys(name));
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', lockKeys(name)).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose unlock failed may still hold the lock: it must not go back to the pool.
    client.release(broken);
  }
}

/**
 * Runs `work` if no other node holds the lock now, else does nothing and answers undefined: for
 * periodic work that one node a round is enough for.
 */
export async function ifLockFree<T>(
  pool: pg.Pool,
  name: LockName,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ got: boolean }>(
      'select pg_try_advisory_lock($1, $2) as got',
      lockKeys(name),
    );
    if (!rows[0]?.got) return undefined;
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', lockKeys(name)).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * The periodic cleanup: expired sessions and mail tokens, and the record of call-count batches
 * once no retry can come (a day). Every node schedules it; one node a round does it, the one
 * that gets the advisory lock (the others find it taken and wait for the next round).
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { ifLockFree } from './locks.ts';
import { callCountBatches } from './schema/apis.ts';
import { sessions, verifications } from './schema/auth.ts';

/** What one round deleted, by table. */
export interface MaintenanceReport {
  sessions: number;
  verifications: number;
  callCountBatches: number;
}

/** Runs one round now, unless another node is running one: then answers null. */
export async function runMaintenance(db: Database): Promise<MaintenanceReport | null> {
  const report = await ifLockFree(db.$client, 'maintenance', async () => {
    const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    const expiredTokens = await db
      .delete(verifications)
      .where(lt(verifications.expiresAt, sql`now()`));
    const oldBatches = await db
      .delete(callCountBatches)
      .where(lt(callCountBatches.appliedAt, sql`now() - interval '1 day'`));
    return {
      sessions: expiredSessions.rowCount ?? 0,
      verifications: expiredTokens.rowCount ?? 0,
      callCountBatches: oldBatches.rowCount ?? 0,
    };
  });
  return report ?? null;
}

/**
 * Runs a round at start and then every `everyMs`; a failure is logged and the next round tries
 * again. `stop` waits for a round in flight, so that the pool is not closed under it.
 */
export function scheduleMaintenance(
  db: Database,
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  },
  everyMs = 60 * 60 * 1000,
): { stop(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  const round = () => {
    current = runMaintenance(db)
      .then((report) => {
        if (report && report.sessions + report.verifications + report.callCountBatches > 0)
          log.info(report, 'maintenance: deleted expired rows');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'maintenance failed; will retry'));
  };
  round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return current;
    },
  };
}

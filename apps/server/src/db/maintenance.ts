/**
 * The periodic cleanup: expired sessions and mail tokens, the record of call-count batches
 * once no retry can come (a day), and projects' sandboxes unused for a day. Every node schedules it; one node a round does it, the one
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
  /** Sandboxes of projects unused for 24 hours, deleted with their state. */
  projectSessions: number;
}

/** A project's session (sandbox) unused this long is deleted with its state. */
export const PROJECT_SESSION_TTL_HOURS = 24;

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
    // The shared state (name '') never expires. The state rows go by their foreign key.
    const expiredSandboxes = await db.execute(sql`
      delete from project_sessions
       where name <> '' and last_used_at < now() - make_interval(hours => ${PROJECT_SESSION_TTL_HOURS})`);
    // The request inspector keeps calls 7 days (and the newest 1,000 per project, as it writes).
    await db.execute(sql`delete from request_log where at < now() - interval '7 days'`);
    await db.execute(sql`delete from request_log_drops where at < now() - interval '7 days'`);
    // The analytics' roll-ups: minutes 2 days, hours 8 days, days and top lists by day 90 days.
    await db.execute(sql`delete from analytics_minutes where at < now() - interval '2 days'`);
    for (const table of ['analytics_hours', 'analytics_route_hours', 'analytics_consumer_hours']) {
      await db.execute(
        sql`delete from ${sql.identifier(table)} where at < now() - interval '8 days'`,
      );
    }
    for (const table of ['analytics_days', 'analytics_route_days', 'analytics_consumer_days']) {
      await db.execute(
        sql`delete from ${sql.identifier(table)} where at < now() - interval '90 days'`,
      );
    }
    // Each owner's stored state, counted again: deletes by cascade (a project, a collection)
    // do not take their bytes off as they go. The count holds the usage table against writes
    // while it reads and replaces: a write counted between its read and its upsert would be
    // lost (its bytes stored, not counted). A write waits for it; one that started before is
    // waited for, and read. Its insert checks each owner's row (the foreign key): a transaction
    // that deletes a user takes this table's lock before the row (auth.repository.ts), or the
    // two would each wait for the other.
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table state_usage in share row exclusive mode`);
      await tx.execute(sql`
        insert into state_usage (owner_id, bytes, anonymous_bytes)
          select p.owner_id, coalesce(sum(c.bytes), 0), coalesce(sum(c.anonymous_bytes), 0)
            from projects p left join collection_states c on c.project_id = p.id
           group by p.owner_id
        on conflict (owner_id) do update
          set bytes = excluded.bytes, anonymous_bytes = excluded.anonymous_bytes`);
    });
    return {
      sessions: expiredSessions.rowCount ?? 0,
      verifications: expiredTokens.rowCount ?? 0,
      callCountBatches: oldBatches.rowCount ?? 0,
      projectSessions: expiredSandboxes.rowCount ?? 0,
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
        if (
          report &&
          report.sessions +
            report.verifications +
            report.callCountBatches +
            report.projectSessions >
            0
        )
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

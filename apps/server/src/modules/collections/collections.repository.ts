/**
 * Collections and their state in PostgreSQL. The definitions go through Drizzle; the state's
 * queries, on the path of every call to a collection, are plain prepared statements on the pool
 * (one round trip each). A session's state is the records its clients changed: a written record
 * holds its value, a deleted seeded record a row without one (see db/schema/collections.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { routeClash } from '../../db/route-clash.ts';
import { apis, projects } from '../../db/schema/apis.ts';
import { type CollectionRow, collections } from '../../db/schema/collections.ts';

export type NewCollectionRow = typeof collections.$inferInsert;

/** A changed record of a session: its value (null: a deleted seeded record), size and place. */
export interface ChangedRecord {
  recordId: string;
  data: Record<string, unknown> | null;
  bytes: number;
  position: number;
}

/** The lock of a collection's state in a session, as a write reads it. */
export interface LockedState {
  version: number;
  nextId: number;
  count: number;
  bytes: number;
  changed: number;
}

/** A client of one transaction: every state write runs in one. */
export type StateClient = pg.PoolClient;

/** The project's routes that answer one of a collection's method and path keys at `path`. */
function clashingRoutes(projectId: string, path: string) {
  return routeClash({
    projectColumn: apis.projectId,
    projectId,
    method: apis.method,
    routeKey: apis.routeKey,
    collectionPath: path,
  });
}

export function createCollectionsRepository(db: Database) {
  const pool = db.$client;

  return {
    // ---- Definitions (the management API) ----

    async listCollections(projectId: string, executor: Executor = db): Promise<CollectionRow[]> {
      return executor
        .select()
        .from(collections)
        .where(eq(collections.projectId, projectId))
        .orderBy(asc(collections.path));
    },

    async findCollection(projectId: string, id: string): Promise<CollectionRow | null> {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(eq(collections.projectId, projectId), eq(collections.id, id)))
        .limit(1);
      return row ?? null;
    },

    async insertCollection(row: NewCollectionRow, executor: Executor = db): Promise<CollectionRow> {
      const [created] = await executor.insert(collections).values(row).returning();
      return created as CollectionRow;
    },

    async updateCollection(
      id: string,
      changes: Partial<NewCollectionRow>,
      executor: Executor = db,
    ): Promise<CollectionRow | null> {
      const [updated] = await executor
        .update(collections)
        .set({
          ...changes,
          version: sql`${collections.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(collections.id, id))
        .returning();
      return updated ?? null;
    },

    /** Deletes a collection and its state in every session; answers the state's bytes. */
    async deleteCollection(id: string): Promise<number> {
      const { rows } = await pool.query<{ bytes: string | null }>(
        `with freed as (select coalesce(sum(bytes), 0)::bigint as bytes from collection_states
                         where collection_id = $1),
              gone as (delete from collections where id = $1 returning 1)
         select (select bytes from freed) as bytes, (select count(*) from gone)`,
        [id],
      );
      return Number(rows[0]?.bytes ?? 0);
    },

    /** Bumps the project's version (its route table changes with its collections). */
    async touchProject(projectId: string, executor: Executor = db): Promise<void> {
      await executor
        .update(projects)
        .set({ version: sql`${projects.version} + 1`, updatedAt: sql`now()` })
        .where(eq(projects.id, projectId));
    },

    /**
     * A route of the project that answers one of the collection's method and path keys (`/users`
     * for GET and POST, `/users/{}` for the item's four), or null.
     */
    async findClashingRoute(
      projectId: string,
      path: string,
    ): Promise<{ method: string; routePath: string; name: string } | null> {
      const { rows } = await db.execute<{ method: string; route_path: string; name: string }>(sql`
        select method, route_path, name from apis where ${clashingRoutes(projectId, path)} limit 1`);
      const row = rows[0];
      return row ? { method: row.method, routePath: row.route_path, name: row.name } : null;
    },

    /** Deletes the project's routes at the collection's places; answers their request ids. */
    async deleteClashingRoutes(
      projectId: string,
      path: string,
      executor: Executor = db,
    ): Promise<string[]> {
      const { rows } = await executor.execute<{ request_id: string }>(sql`
        delete from apis where ${clashingRoutes(projectId, path)} returning request_id`);
      return rows.map((row) => row.request_id);
    },

    /** Runs `work` in one transaction of the definitions (Drizzle). */
    definitions<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    // ---- Sessions ----

    /**
     * Marks a session used now, creating it on first use. Answers when it was used before
     * (null: just created), so that an expired one is emptied and a new one may push out the
     * least recently used.
     */
    async touchSession(projectId: string, name: string): Promise<Date | null> {
      const { rows } = await pool.query<{ prior: Date | null }>({
        name: 'collections-touch-session',
        text: `with prior as (
                 select last_used_at from project_sessions where project_id = $1 and name = $2
               ), touched as (
                 insert into project_sessions (project_id, name) values ($1, $2)
                 on conflict (project_id, name) do update set last_used_at = now()
                 returning 1
               )
               select (select last_used_at from prior) as prior, (select count(*) from touched)`,
        values: [projectId, name],
      });
      return rows[0]?.prior ?? null;
    },

    /** Empties a session's state (its changed records), keeping the session. */
    async clearSessionState(projectId: string, name: string): Promise<number> {
      const { rows } = await pool.query<{ bytes: string | null }>(
        `with gone as (
           delete from collection_states where project_id = $1 and session = $2 returning bytes
         ) select sum(bytes)::bigint as bytes from gone`,
        [projectId, name],
      );
      return Number(rows[0]?.bytes ?? 0);
    },

    /** Deletes a named session and its state; answers the bytes freed, or null when none. */
    async deleteSession(projectId: string, name: string): Promise<number | null> {
      const freed = await this.clearSessionState(projectId, name);
      const { rowCount } = await pool.query(
        'delete from project_sessions where project_id = $1 and name = $2',
        [projectId, name],
      );
      return rowCount === 0 ? null : freed;
    },

    /** Deletes the least recently used named sessions past `keep`; answers the bytes freed. */
    async trimSessions(projectId: string, keep: number): Promise<number> {
      const { rows } = await pool.query<{ bytes: string | null }>(
        `with old as (
           select name from project_sessions where project_id = $1 and name <> ''
            order by last_used_at desc, name offset $2
         ), freed as (
           delete from collection_states
            where project_id = $1 and session in (select name from old) returning bytes
         ), gone as (
           delete from project_sessions
            where project_id = $1 and name in (select name from old) returning 1
         ) select (select sum(bytes)::bigint from freed) as bytes, (select count(*) from gone)`,
        [projectId, keep],
      );
      return Number(rows[0]?.bytes ?? 0);
    },

    /** The named sessions of a project, most recently used first, with their changed records. */
    async listSessions(
      projectId: string,
    ): Promise<{ name: string; createdAt: Date; lastUsedAt: Date; changed: number }[]> {
      const { rows } = await pool.query<{
        name: string;
        created_at: Date;
        last_used_at: Date;
        changed: string;
      }>(
        `select s.name, s.created_at, s.last_used_at, coalesce(sum(c.changed), 0)::bigint as changed
           from project_sessions s
           left join collection_states c on c.project_id = s.project_id and c.session = s.name
          where s.project_id = $1
          group by s.name, s.created_at, s.last_used_at
          order by s.last_used_at desc, s.name`,
        [projectId],
      );
      return rows.map((row) => ({
        name: row.name,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        changed: Number(row.changed),
      }));
    },

    // ---- State (the calls) ----

    /** The version of a collection's state in a session, or null when nothing was changed. */
    async stateVersion(collectionId: string, session: string): Promise<number | null> {
      const { rows } = await pool.query<{ version: string }>({
        name: 'collections-state-version',
        text: 'select version from collection_states where collection_id = $1 and session = $2',
        values: [collectionId, session],
      });
      return rows[0] ? Number(rows[0].version) : null;
    },

    /** A session's changed records of a collection, with the state's version they are at. */
    async changedRecords(
      collectionId: string,
      session: string,
    ): Promise<{ version: number | null; records: ChangedRecord[] }> {
      const { rows } = await pool.query<{
        version: string;
        record_id: string | null;
        data: Record<string, unknown> | null;
        bytes: number | null;
        position: string | null;
      }>({
        name: 'collections-changed-records',
        text: `select s.version, r.record_id, r.data, octet_length(r.data::text) as bytes, r.position
                 from collection_states s
                 left join collection_records r
                   on r.collection_id = s.collection_id and r.session = s.session
                where s.collection_id = $1 and s.session = $2`,
        values: [collectionId, session],
      });
      if (rows.length === 0) return { version: null, records: [] };
      const records: ChangedRecord[] = [];
      for (const row of rows) {
        if (row.record_id === null) continue;
        records.push({
          recordId: row.record_id,
          data: row.data,
          bytes: row.bytes ?? 0,
          position: Number(row.position),
        });
      }
      return { version: Number(rows[0]?.version), records };
    },

    /**
     * Runs `work` in a transaction on one client of the pool (committed when it resolves,
     * rolled back when it throws).
     */
    async transaction<T>(work: (client: StateClient) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(client);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          // Two cascades locking each other's states (a deadlock, which PostgreSQL breaks), or a
          // session deleted under a write (its foreign key): the whole write again, a few times.
          const code = (error as { code?: string }).code;
          if (attempt < 4 && (code === '40P01' || code === '23503' || code === '40001')) continue;
          throw error;
        } finally {
          client.release();
        }
      }
    },

    /**
     * Locks a collection's state in a session for a write, creating it (from the seeded state's
     * figures) on the first write. Writes of one collection in one session then go one at a time.
     */
    async lockState(
      client: StateClient,
      key: { collectionId: string; projectId: string; session: string },
      seeded: { nextId: number; count: number },
    ): Promise<LockedState & { sessionCreated: boolean }> {
      // One statement: the session's row (should another node have deleted or expired it), and
      // the state's, made from the seeded figures or, when it is there, locked by the no-op
      // update (a reset deleting it meanwhile leaves the insert to make it again).
      const { rows } = await client.query<{
        version: string;
        next_id: string;
        count: number;
        bytes: string;
        changed: number;
        session_created: number;
      }>({
        name: 'collections-lock-state',
        text: `with session as (
                 insert into project_sessions (project_id, name) values ($2, $3)
                 on conflict (project_id, name) do nothing
                 returning 1
               ), state as (
                 insert into collection_states (collection_id, project_id, session, version, next_id, count)
                 values ($1, $2, $3, nextval('collection_state_versions'), $4, $5)
                 on conflict (collection_id, session) do update set version = collection_states.version
                 returning version, next_id, count, bytes, changed
               )
               select state.*, (select count(*) from session)::int as session_created from state`,
        values: [key.collectionId, key.projectId, key.session, seeded.nextId, seeded.count],
      });
      const row = rows[0];
      if (!row) throw new Error('the state row was neither made nor found');
      return {
        version: Number(row.version),
        nextId: Number(row.next_id),
        count: row.count,
        bytes: Number(row.bytes),
        changed: row.changed,
        sessionCreated: row.session_created > 0,
      };
    },

    /** A session's changed record of a collection (under the state's lock), or undefined. */
    async changedRecord(
      client: StateClient,
      collectionId: string,
      session: string,
      recordId: string,
    ): Promise<{ data: Record<string, unknown> | null; bytes: number } | undefined> {
      const { rows } = await client.query<{ data: Record<string, unknown> | null; bytes: number }>({
        name: 'collections-changed-record',
        text: `select data, coalesce(octet_length(data::text), 0) as bytes from collection_records
                where collection_id = $1 and session = $2 and record_id = $3`,
        values: [collectionId, session, recordId],
      });
      return rows[0];
    },

    /** Writes a record's value (null: a deleted seeded record); a new row takes `position`. */
    async writeRecord(
      client: StateClient,
      collectionId: string,
      session: string,
      recordId: string,
      data: Record<string, unknown> | null,
    ): Promise<void> {
      await client.query({
        name: 'collections-write-record',
        text: `insert into collection_records (collection_id, session, record_id, data, position)
               values ($1, $2, $3, $4, nextval('collection_state_versions'))
               on conflict (collection_id, session, record_id) do update set data = excluded.data`,
        values: [collectionId, session, recordId, data === null ? null : JSON.stringify(data)],
      });
    },

    /** Removes a record row (an added record deleted leaves nothing behind). */
    async removeRecord(
      client: StateClient,
      collectionId: string,
      session: string,
      recordId: string,
    ): Promise<void> {
      await client.query({
        name: 'collections-remove-record',
        text: 'delete from collection_records where collection_id = $1 and session = $2 and record_id = $3',
        values: [collectionId, session, recordId],
      });
    },

    /** Saves the state's figures after a write, under a new version. */
    async saveState(
      client: StateClient,
      collectionId: string,
      session: string,
      state: Omit<LockedState, 'version'>,
    ): Promise<void> {
      await client.query({
        name: 'collections-save-state',
        text: `update collection_states
                  set version = nextval('collection_state_versions'), next_id = $3, count = $4,
                      bytes = $5, changed = $6
                where collection_id = $1 and session = $2`,
        values: [collectionId, session, state.nextId, state.count, state.bytes, state.changed],
      });
    },

    /**
     * Adds `delta` bytes to the owner's stored state; answers the new total (the caller refuses
     * past the bound, rolling the transaction back).
     */
    async addUsage(client: StateClient, ownerId: string, delta: number): Promise<number> {
      const { rows } = await client.query<{ bytes: string }>({
        name: 'collections-add-usage',
        text: `insert into state_usage (owner_id, bytes) values ($1, greatest($2::bigint, 0))
               on conflict (owner_id) do update set bytes = greatest(state_usage.bytes + $2::bigint, 0)
               returning bytes`,
        values: [ownerId, delta],
      });
      return Number(rows[0]?.bytes ?? 0);
    },

    /** Takes `bytes` off the owner's stored state (a reset or a deleted session). */
    async releaseUsage(ownerId: string, bytes: number): Promise<void> {
      if (bytes <= 0) return;
      await pool.query(
        'update state_usage set bytes = greatest(bytes - $2::bigint, 0) where owner_id = $1',
        [ownerId, bytes],
      );
    },

    /** Clears a collection's state in every session (a reseed, or a change of its ids). */
    async clearCollectionState(collectionId: string): Promise<number> {
      const { rows } = await pool.query<{ bytes: string | null }>(
        `with gone as (delete from collection_states where collection_id = $1 returning bytes)
         select sum(bytes)::bigint as bytes from gone`,
        [collectionId],
      );
      return Number(rows[0]?.bytes ?? 0);
    },
  };
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;

/**
 * Collections and their state in PostgreSQL. The definitions go through Drizzle; the state's
 * queries, on the path of every call to a collection, are plain prepared statements on the pool
 * (one round trip each). A session's state is the records its clients changed: a written record
 * holds its value, a deleted seeded record a row without one (see db/schema/collections.ts).
 * The state's part is the engine's collection state store (CollectionStore), on PostgreSQL.
 */
import type { JsonObject } from '@mocksmith/core';
import type {
  ChangedRecord,
  ChangedRow,
  CollectionStore,
  FreedBytes,
  LockedState,
  SessionMaker,
  SessionSummary,
  StateKey,
  StateTransaction,
} from '@mocksmith/engine';
import { and, asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { routeClash } from '../../db/route-clash.ts';
import { apis, projects } from '../../db/schema/apis.ts';
import { type CollectionRow, collections } from '../../db/schema/collections.ts';

export type NewCollectionRow = typeof collections.$inferInsert;

const freedOf = (
  row: { bytes: string | null; anonymous_bytes: string | null } | undefined,
): FreedBytes => ({
  bytes: Number(row?.bytes ?? 0),
  anonymousBytes: Number(row?.anonymous_bytes ?? 0),
});

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

/**
 * The reads and writes of one transaction of the state, on its client: each under the locks the
 * transaction holds, one prepared statement each.
 */
function stateTransactionOf(client: pg.PoolClient): StateTransaction {
  return {
    /**
     * Locks a collection's state in a session for a write, creating it (from the seeded state's
     * figures) on the first write. Writes of one collection in one session then go one at a time.
     */
    async lockState(
      key: StateKey,
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
        anonymous_bytes: string;
        changed: number;
        session_created: number;
      }>({
        name: 'collections-lock-state',
        text: `with session as (
               insert into project_sessions (project_id, name, made_by) values ($2, $3, $6)
               on conflict (project_id, name) do nothing
               returning 1
             ), state as (
               insert into collection_states (collection_id, project_id, session, version, next_id, count)
               values ($1, $2, $3, nextval('collection_state_versions'), $4, $5)
               on conflict (collection_id, session) do update set version = collection_states.version
               returning version, next_id, count, bytes, anonymous_bytes, changed
             )
             select state.*, (select count(*) from session)::int as session_created from state`,
        values: [
          key.collectionId,
          key.projectId,
          key.session,
          seeded.nextId,
          seeded.count,
          key.madeBy ?? 'anonymous',
        ],
      });
      const row = rows[0];
      if (!row) throw new Error('the state row was neither made nor found');
      return {
        version: Number(row.version),
        nextId: Number(row.next_id),
        count: row.count,
        bytes: Number(row.bytes),
        anonymousBytes: Number(row.anonymous_bytes),
        changed: row.changed,
        sessionCreated: row.session_created > 0,
      };
    },

    /** A session's changed record of a collection (under the state's lock), or undefined. */
    async changedRecord(
      collectionId: string,
      session: string,
      recordId: string,
    ): Promise<ChangedRow | undefined> {
      const { rows } = await client.query<ChangedRow>({
        name: 'collections-changed-record',
        text: `select data, coalesce(octet_length(data::text), 0) as bytes, anonymous
               from collection_records
              where collection_id = $1 and session = $2 and record_id = $3`,
        values: [collectionId, session, recordId],
      });
      return rows[0];
    },

    /**
     * Writes a record's value (null: a deleted seeded record) and who wrote it (`anonymous`: a
     * call without the owner's credentials); a new row takes `position`.
     */
    async writeRecord(
      collectionId: string,
      session: string,
      recordId: string,
      data: JsonObject | null,
      anonymous: boolean,
    ): Promise<void> {
      await client.query({
        name: 'collections-write-record',
        text: `insert into collection_records (collection_id, session, record_id, data, position, anonymous)
             values ($1, $2, $3, $4, nextval('collection_state_versions'), $5)
             on conflict (collection_id, session, record_id)
             do update set data = excluded.data, anonymous = excluded.anonymous`,
        values: [
          collectionId,
          session,
          recordId,
          data === null ? null : JSON.stringify(data),
          anonymous,
        ],
      });
    },

    /** Removes a record row (an added record deleted leaves nothing behind). */
    async removeRecord(collectionId: string, session: string, recordId: string): Promise<void> {
      await client.query({
        name: 'collections-remove-record',
        text: 'delete from collection_records where collection_id = $1 and session = $2 and record_id = $3',
        values: [collectionId, session, recordId],
      });
    },

    /** Saves the state's figures after a write, under a new version. */
    async saveState(
      collectionId: string,
      session: string,
      state: Omit<LockedState, 'version'>,
    ): Promise<void> {
      await client.query({
        name: 'collections-save-state',
        text: `update collection_states
                set version = nextval('collection_state_versions'), next_id = $3, count = $4,
                    bytes = $5, changed = $6, anonymous_bytes = $7
              where collection_id = $1 and session = $2`,
        values: [
          collectionId,
          session,
          state.nextId,
          state.count,
          state.bytes,
          state.changed,
          state.anonymousBytes,
        ],
      });
    },

    /**
     * Adds `delta` bytes to the owner's stored state, `anonymousDelta` of them (or of what they
     * replace) to the part anonymous calls wrote; answers the new totals (the caller refuses
     * past the bounds, rolling the transaction back).
     */
    async addUsage(ownerId: string, delta: number, anonymousDelta: number): Promise<FreedBytes> {
      const { rows } = await client.query<{ bytes: string; anonymous_bytes: string }>({
        name: 'collections-add-usage',
        text: `insert into state_usage (owner_id, bytes, anonymous_bytes)
             values ($1, greatest($2::bigint, 0), greatest($3::bigint, 0))
             on conflict (owner_id) do update
               set bytes = greatest(state_usage.bytes + $2::bigint, 0),
                   anonymous_bytes = greatest(state_usage.anonymous_bytes + $3::bigint, 0)
             returning bytes, anonymous_bytes`,
        values: [ownerId, delta, anonymousDelta],
      });
      return freedOf(rows[0]);
    },

    /** Every changed record of a collection in a session (a cascade's), with who wrote it. */
    async changedRecords(
      collectionId: string,
      session: string,
    ): Promise<(ChangedRecord & { anonymous: boolean })[]> {
      const { rows } = await client.query<{
        record_id: string;
        data: JsonObject | null;
        bytes: number | null;
        position: string;
        anonymous: boolean;
      }>(
        `select record_id, data, octet_length(data::text) as bytes, position, anonymous
           from collection_records where collection_id = $1 and session = $2`,
        [collectionId, session],
      );
      return rows.map((row) => ({
        recordId: row.record_id,
        data: row.data,
        bytes: row.bytes ?? 0,
        position: Number(row.position),
        anonymous: row.anonymous,
      }));
    },
  };
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
    async deleteCollection(id: string): Promise<FreedBytes> {
      const { rows } = await pool.query<{ bytes: string | null; anonymous_bytes: string | null }>(
        `with freed as (select coalesce(sum(bytes), 0)::bigint as bytes,
                               coalesce(sum(anonymous_bytes), 0)::bigint as anonymous_bytes
                          from collection_states where collection_id = $1),
              gone as (delete from collections where id = $1 returning 1)
         select freed.bytes, freed.anonymous_bytes, (select count(*) from gone) from freed`,
        [id],
      );
      return freedOf(rows[0]);
    },

    /**
     * Deletes a collection and its state within a transaction (a push of files); answers the
     * state's bytes, to release once it commits.
     */
    async deleteCollectionIn(id: string, tx: Transaction): Promise<FreedBytes> {
      const { rows } = await tx.execute<{ bytes: string | null; anonymous_bytes: string | null }>(
        sql`with freed as (select coalesce(sum(bytes), 0)::bigint as bytes,
                                  coalesce(sum(anonymous_bytes), 0)::bigint as anonymous_bytes
                             from collection_states where collection_id = ${id}),
                 gone as (delete from collections where id = ${id} returning 1)
            select freed.bytes, freed.anonymous_bytes, (select count(*) from gone) from freed`,
      );
      return freedOf(rows[0]);
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
     * Marks a session used now, creating it on first use (the owner's when `madeBy` says so; the
     * owner naming another's session makes it theirs, never the other way). Answers when it was
     * used before (null: just created), so that an expired one is emptied and a new one may push
     * out the least recently used.
     */
    async touchSession(
      projectId: string,
      name: string,
      madeBy: SessionMaker,
    ): Promise<Date | null> {
      const { rows } = await pool.query<{ prior: Date | null }>({
        name: 'collections-touch-session',
        text: `with prior as (
                 select last_used_at from project_sessions where project_id = $1 and name = $2
               ), touched as (
                 insert into project_sessions (project_id, name, made_by) values ($1, $2, $3)
                 on conflict (project_id, name) do update
                   set last_used_at = now(),
                       made_by = case when excluded.made_by = 'owner' then 'owner'
                                      else project_sessions.made_by end
                 returning 1
               )
               select (select last_used_at from prior) as prior, (select count(*) from touched)`,
        values: [projectId, name, madeBy],
      });
      return rows[0]?.prior ?? null;
    },

    /**
     * Marks a session used now if it exists, as `touchSession` does, but never creates one:
     * answers when it was used before, or null when there is no such session (then an anonymous
     * caller's new session is counted before it is made).
     */
    async useSession(projectId: string, name: string, madeBy: SessionMaker): Promise<Date | null> {
      const { rows } = await pool.query<{ prior: Date | null }>({
        name: 'collections-use-session',
        text: `with prior as (
                 select last_used_at from project_sessions where project_id = $1 and name = $2
               ), used as (
                 update project_sessions
                    set last_used_at = now(),
                        made_by = case when $3 = 'owner' then 'owner' else made_by end
                  where project_id = $1 and name = $2
                 returning 1
               )
               select (select last_used_at from prior) as prior, (select count(*) from used)`,
        values: [projectId, name, madeBy],
      });
      return rows[0]?.prior ?? null;
    },

    /** Empties a session's state (its changed records), keeping the session. */
    async clearSessionState(projectId: string, name: string): Promise<FreedBytes> {
      const { rows } = await pool.query<{ bytes: string | null; anonymous_bytes: string | null }>(
        `with gone as (
           delete from collection_states where project_id = $1 and session = $2
           returning bytes, anonymous_bytes
         ) select sum(bytes)::bigint as bytes, sum(anonymous_bytes)::bigint as anonymous_bytes
             from gone`,
        [projectId, name],
      );
      return freedOf(rows[0]);
    },

    /** Deletes a named session and its state; answers the bytes freed, or null when none. */
    async deleteSession(projectId: string, name: string): Promise<FreedBytes | null> {
      const freed = await this.clearSessionState(projectId, name);
      const { rowCount } = await pool.query(
        'delete from project_sessions where project_id = $1 and name = $2',
        [projectId, name],
      );
      return rowCount === 0 ? null : freed;
    },

    /**
     * Deletes the least recently used named sessions of one maker past `keep` (anonymous
     * sessions push out anonymous ones only, the owner's the owner's); answers the bytes freed.
     */
    async trimSessions(projectId: string, keep: number, madeBy: SessionMaker): Promise<FreedBytes> {
      const { rows } = await pool.query<{ bytes: string | null; anonymous_bytes: string | null }>(
        `with old as (
           select name from project_sessions where project_id = $1 and made_by = $3 and name <> ''
            order by last_used_at desc, name offset $2
         ), freed as (
           delete from collection_states
            where project_id = $1 and session in (select name from old)
           returning bytes, anonymous_bytes
         ), gone as (
           delete from project_sessions
            where project_id = $1 and name in (select name from old) returning 1
         ) select (select sum(bytes)::bigint from freed) as bytes,
                  (select sum(anonymous_bytes)::bigint from freed) as anonymous_bytes,
                  (select count(*) from gone)`,
        [projectId, keep, madeBy],
      );
      return freedOf(rows[0]);
    },

    /** The named sessions of a project, most recently used first, with their changed records. */
    async listSessions(projectId: string): Promise<SessionSummary[]> {
      const { rows } = await pool.query<{
        name: string;
        created_at: Date;
        last_used_at: Date;
        changed: string;
        made_by: SessionMaker;
      }>(
        `select s.name, s.created_at, s.last_used_at, s.made_by,
                coalesce(sum(c.changed), 0)::bigint as changed
           from project_sessions s
           left join collection_states c on c.project_id = s.project_id and c.session = s.name
          where s.project_id = $1
          group by s.name, s.created_at, s.last_used_at, s.made_by
          order by s.last_used_at desc, s.name`,
        [projectId],
      );
      return rows.map((row) => ({
        name: row.name,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        changed: Number(row.changed),
        madeBy: row.made_by,
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
        data: JsonObject | null;
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
    async transaction<T>(work: (tx: StateTransaction) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(stateTransactionOf(client));
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

    /** Takes freed bytes off the owner's stored state (a reset or a deleted session). */
    async releaseUsage(ownerId: string, freed: FreedBytes): Promise<void> {
      if (freed.bytes <= 0 && freed.anonymousBytes <= 0) return;
      await pool.query(
        `update state_usage set bytes = greatest(bytes - $2::bigint, 0),
                anonymous_bytes = greatest(anonymous_bytes - $3::bigint, 0)
          where owner_id = $1`,
        [ownerId, Math.max(freed.bytes, 0), Math.max(freed.anonymousBytes, 0)],
      );
    },

    /** Clears a collection's state in every session (a reseed, or a change of its ids). */
    async clearCollectionState(collectionId: string): Promise<FreedBytes> {
      const { rows } = await pool.query<{ bytes: string | null; anonymous_bytes: string | null }>(
        `with gone as (delete from collection_states where collection_id = $1
                       returning bytes, anonymous_bytes)
         select sum(bytes)::bigint as bytes, sum(anonymous_bytes)::bigint as anonymous_bytes
           from gone`,
        [collectionId],
      );
      return freedOf(rows[0]);
    },
  };
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>;

// The state's part is the engine's collection state store.
createCollectionsRepository satisfies (db: Database) => CollectionStore;

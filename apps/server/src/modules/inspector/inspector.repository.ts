/**
 * The request log in PostgreSQL: batches written in one statement, each project and stand-alone
 * API trimmed to its newest entries, and the reads of the inspector and of the verification API
 * (newest first, by method, path, status, session and time).
 */
import type { CallOwner, LoggedCall, NewLoggedCall } from '@mocksmith/core/inspector';
import type { Database } from '../../db/client.ts';

/** The filters of the verification API; each absent one matches everything. */
export interface RequestFilters {
  method?: string;
  /** The path exactly, or a prefix with a trailing `*` (`/orders*`). */
  path?: string;
  status?: number;
  session?: string;
  /** Entries at or after this time. */
  since?: Date;
  /** Entries with a larger id (what the inspector has not shown yet). */
  after?: number;
  /** Any of method, path, query, body, response containing it (case-insensitive). */
  text?: string;
}

interface Row {
  id: string;
  project_id: string | null;
  api_id: string | null;
  at: Date;
  method: string;
  path: string;
  route: string | null;
  collection: string | null;
  query: string;
  headers: Record<string, string>;
  body: string | null;
  body_truncated: boolean;
  status: number;
  response: string | null;
  rule: number | null;
  latency_ms: number;
  delay_ms: number;
  fault: string | null;
  upstream_status: number | null;
  upstream_ms: number | null;
  session: string | null;
  client: string;
  violations: string[] | null;
  drift: string[] | null;
}

const COLUMNS = `id, project_id, api_id, at, method, path, route, collection, query, headers, body,
  body_truncated, status, response, rule, latency_ms, delay_ms, fault, upstream_status, upstream_ms,
  session, client, violations, drift`;

/** Whose a row is: its project's, or its stand-alone API's (the table checks exactly one). */
function ownerOf(row: Row): CallOwner {
  return row.project_id !== null
    ? { projectId: row.project_id, apiId: null }
    : { projectId: null, apiId: row.api_id as string };
}

/** The column holding the owner's id. */
const columnOf = (owner: CallOwner) => (owner.projectId !== null ? 'project_id' : 'api_id');

/** The owner's id as the first parameter of a query. */
const idOf = (owner: CallOwner) => owner.projectId ?? owner.apiId;

function toEntry(row: Row): LoggedCall {
  return {
    id: Number(row.id),
    ...ownerOf(row),
    at: row.at,
    method: row.method,
    path: row.path,
    route: row.route,
    collection: row.collection,
    query: row.query,
    headers: row.headers,
    body: row.body,
    bodyTruncated: row.body_truncated,
    status: row.status,
    response: row.response,
    rule: row.rule,
    latencyMs: row.latency_ms,
    delayMs: row.delay_ms,
    fault: row.fault,
    upstream:
      row.upstream_status === null
        ? null
        : { status: row.upstream_status, ms: row.upstream_ms ?? 0 },
    session: row.session,
    client: row.client,
    violations: row.violations,
    drift: row.drift,
  };
}

/** The WHERE of the filters, with its values from `$2` on (`$1` is the project or API). */
function whereOf(owner: CallOwner, filters: RequestFilters): { sql: string; values: unknown[] } {
  const parts = [`${columnOf(owner)} = $1`];
  const values: unknown[] = [];
  const add = (condition: (at: string) => string, value: unknown) => {
    values.push(value);
    parts.push(condition(`$${values.length + 1}`));
  };
  if (filters.method) add((at) => `method = ${at}`, filters.method.toUpperCase());
  if (filters.path) {
    if (filters.path.endsWith('*')) {
      add((at) => `starts_with(path, ${at})`, filters.path.slice(0, -1));
    } else add((at) => `path = ${at}`, filters.path);
  }
  if (filters.status !== undefined) add((at) => `status = ${at}`, filters.status);
  if (filters.session !== undefined)
    add((at) => `session is not distinct from ${at}`, filters.session || null);
  if (filters.since) add((at) => `at >= ${at}`, filters.since);
  if (filters.after !== undefined) add((at) => `id > ${at}`, filters.after);
  if (filters.text) {
    add(
      (at) =>
        `strpos(lower(method || ' ' || path || '?' || query || ' ' || coalesce(body, '') || ' ' || coalesce(response, '')), ${at}) > 0`,
      filters.text.toLowerCase(),
    );
  }
  return { sql: parts.join(' and '), values };
}

export function createInspectorRepository(db: Database) {
  const pool = db.$client;
  return {
    /**
     * Writes a batch in one statement; the entries with their ids, in order. Only the ids come
     * back (the rows are the batch's own): a batch of 1,000 costs no 1,000 rows to parse.
     */
    async insertBatch(entries: readonly NewLoggedCall[]): Promise<LoggedCall[]> {
      const { rows } = await pool.query<{ id: string }>(
        `insert into request_log (project_id, api_id, at, method, path, route, collection, query,
           headers, body, body_truncated, status, response, rule, latency_ms, delay_ms, fault,
           upstream_status, upstream_ms, session, client, violations, drift)
         select e."projectId", e."apiId", e.at, e.method, e.path, e.route, e.collection, e.query,
           e.headers, e.body, e."bodyTruncated", e.status, e.response, e.rule, e."latencyMs",
           e."delayMs", e.fault, (e.upstream->>'status')::int, (e.upstream->>'ms')::real,
           e.session, e.client, e.violations, e.drift
           from rows from (json_to_recordset($1::json) as ("projectId" uuid, "apiId" uuid,
             at timestamptz, method text, path text, route text, collection text, query text,
             headers json, body text, "bodyTruncated" boolean, status int, response text,
             rule int, "latencyMs" real, "delayMs" int, fault text, upstream json, session text,
             client text, violations json, drift json))
             with ordinality
             as e("projectId", "apiId", at, method, path, route, collection, query, headers, body,
               "bodyTruncated", status, response, rule, "latencyMs", "delayMs", fault, upstream,
               session, client, violations, drift, n)
          order by e.n
         returning id`,
        [JSON.stringify(entries)],
      );
      // Ids follow the insertion's order (the batch's, by `order by`): the smallest is the first.
      const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
      return entries.map((entry, index) => ({ ...entry, id: ids[index] as number }));
    },

    /** Which of these projects and stand-alone APIs still exist (their ids). */
    async existingOwners(owners: {
      projects: readonly string[];
      apis: readonly string[];
    }): Promise<Set<string>> {
      const { rows } = await pool.query<{ id: string }>(
        `select id from projects where id = any($1::uuid[])
         union all select id from apis where id = any($2::uuid[])`,
        [owners.projects, owners.apis],
      );
      return new Set(rows.map((row) => row.id));
    },

    /** Keeps each project's and each stand-alone API's newest `keep` entries. */
    async trim(
      owners: { projects: readonly string[]; apis: readonly string[] },
      keep: number,
    ): Promise<void> {
      for (const [column, ids] of [
        ['project_id', owners.projects],
        ['api_id', owners.apis],
      ] as const) {
        if (ids.length === 0) continue;
        await pool.query(
          `delete from request_log r
            using (select o.id as owner,
                          (select id from request_log where ${column} = o.id
                            order by id desc offset $2 limit 1) as oldest
                     from unnest($1::uuid[]) as o(id)) as cut
            where r.${column} = cut.owner and cut.oldest is not null and r.id <= cut.oldest`,
          [ids, keep],
        );
      }
    },

    /** The project's or API's entries matching the filters, newest first. */
    async list(owner: CallOwner, filters: RequestFilters, limit: number): Promise<LoggedCall[]> {
      const where = whereOf(owner, filters);
      const { rows } = await pool.query<Row>(
        `select ${COLUMNS} from request_log where ${where.sql}
          order by id desc limit $${where.values.length + 2}`,
        [idOf(owner), ...where.values, limit],
      );
      return rows.map(toEntry);
    },

    async count(owner: CallOwner, filters: RequestFilters): Promise<number> {
      const where = whereOf(owner, filters);
      const { rows } = await pool.query<{ count: string }>(
        `select count(*) from request_log where ${where.sql}`,
        [idOf(owner), ...where.values],
      );
      return Number(rows[0]?.count ?? 0);
    },

    async one(owner: CallOwner, id: number): Promise<LoggedCall | null> {
      const { rows } = await pool.query<Row>(
        `select ${COLUMNS} from request_log where ${columnOf(owner)} = $1 and id = $2`,
        [idOf(owner), id],
      );
      return rows[0] ? toEntry(rows[0]) : null;
    },

    /** Empties the project's or API's log, and forgets its drops. */
    async clear(owner: CallOwner): Promise<void> {
      await pool.query(
        `with log as (delete from request_log where ${columnOf(owner)} = $1)
         delete from request_log_drops where ${columnOf(owner)} = $1`,
        [idOf(owner)],
      );
    },

    /**
     * Adds calls the log could not keep, in the current minute, one statement for all; those of
     * a project or API deleted meanwhile are left out.
     */
    async addDrops(drops: readonly (CallOwner & { count: number })[]): Promise<void> {
      await pool.query(
        `insert into request_log_drops (project_id, api_id, at, dropped)
         select d."projectId", d."apiId", date_trunc('minute', now()), sum(d.count)
           from json_to_recordset($1::json) as d("projectId" uuid, "apiId" uuid, count int)
          where exists (select 1 from projects where id = d."projectId")
             or exists (select 1 from apis where id = d."apiId")
          group by d."projectId", d."apiId"
         on conflict (project_id, api_id, at)
           do update set dropped = request_log_drops.dropped + excluded.dropped`,
        [
          JSON.stringify(
            drops.map((drop) => ({
              projectId: drop.projectId,
              apiId: drop.projectId === null ? drop.apiId : null,
              count: drop.count,
            })),
          ),
        ],
      );
    },

    /**
     * The calls of the project or API the log could not keep since `since` (counted by the
     * minute, so a drop in the minute of `since` counts), or since the log was last cleared.
     */
    async dropped(owner: CallOwner, since?: Date): Promise<number> {
      const { rows } = await pool.query<{ dropped: string | null }>(
        `select sum(dropped) as dropped from request_log_drops
          where ${columnOf(owner)} = $1 and ($2::timestamptz is null or at >= date_trunc('minute', $2::timestamptz))`,
        [idOf(owner), since ?? null],
      );
      return Number(rows[0]?.dropped ?? 0);
    },
  };
}

export type InspectorRepository = ReturnType<typeof createInspectorRepository>;

/**
 * The roll-ups in PostgreSQL (db/schema/analytics.ts): a batch's rows added in one transaction,
 * one upsert per table (counts added, histograms added element by element), and the reads of a
 * range, each through its table's unique key (project, API, time): a project's rows have no API,
 * a stand-alone API's no project.
 */
import type { CallOwner } from '@mocksmith/core/inspector';
import type { Database } from '../../db/client.ts';
import { LATENCY_BUCKETS } from './latency-histogram.ts';
import type { BucketRow, KeyRow, RollUp } from './roll-up.ts';

export type Grain = 'minute' | 'hour' | 'day';

const BUCKET_TABLES: Record<Grain, string> = {
  minute: 'analytics_minutes',
  hour: 'analytics_hours',
  day: 'analytics_days',
};

/** The tables of the top lists, by kind and grain, with their key column. */
const KEY_TABLES = {
  route: { hour: 'analytics_route_hours', day: 'analytics_route_days', column: 'route' },
  consumer: { hour: 'analytics_consumer_hours', day: 'analytics_consumer_days', column: 'client' },
} as const;
export type TopKind = keyof typeof KEY_TABLES;

const COUNTS = [
  'calls',
  's1xx',
  's2xx',
  's3xx',
  's4xx',
  's5xx',
  's0',
  'faults',
  'proxied',
] as const;

/** One minute, hour or day of a project or API as read back. */
export interface StoredBucket extends Omit<BucketRow, 'projectId' | 'apiId' | 'at'> {
  at: Date;
}

/**
 * The rows of a batch whose project or API still exists (one deleted meanwhile is left out,
 * rather than its foreign key failing the whole batch).
 */
const STILL_THERE = `(exists (select from projects p where p.id = r."projectId")
       or exists (select from apis a where a.id = r."apiId"))`;

/**
 * Adds rows to a bucket table. The rows are locked in key order whatever node writes (no
 * deadlock between nodes); rows of a project or API deleted meanwhile are left out.
 */
function bucketUpsert(table: string): string {
  return `insert into ${table} as t (project_id, api_id, at, ${COUNTS.join(', ')}, latency)
    select r."projectId", r."apiId", r.at, ${COUNTS.map((name) => `r.${name}`).join(', ')}, r.latency
      from json_to_recordset($1::json) as r("projectId" uuid, "apiId" uuid, at timestamptz,
        ${COUNTS.map((name) => `${name} int`).join(', ')}, latency int[])
     where ${STILL_THERE}
     order by r."projectId", r."apiId", r.at
    on conflict (project_id, api_id, at) do update set
      ${COUNTS.map((name) => `${name} = t.${name} + excluded.${name}`).join(', ')},
      latency = array(select a + b from unnest(t.latency, excluded.latency)
                        with ordinality as u(a, b, i) order by i)`;
}

function keyUpsert(table: string, column: string): string {
  return `insert into ${table} as t (project_id, api_id, at, ${column}, calls)
    select r."projectId", r."apiId", r.at, r.key, r.calls
      from json_to_recordset($1::json) as r("projectId" uuid, "apiId" uuid, at timestamptz,
        key text, calls int)
     where ${STILL_THERE}
     order by r."projectId", r."apiId", r.at, r.key
    on conflict (project_id, api_id, at, ${column}) do update set calls = t.calls + excluded.calls`;
}

/**
 * The owner's rows, through the unique key's first two columns: `$1` is the project's or the
 * API's id, the other column null.
 */
const whereOwner = (owner: CallOwner) =>
  owner.projectId !== null
    ? 'project_id = $1 and api_id is null'
    : 'project_id is null and api_id = $1';

const idOf = (owner: CallOwner) => owner.projectId ?? owner.apiId;

interface BucketRecord {
  at: Date;
  calls: number;
  s1xx: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  s0: number;
  faults: number;
  proxied: number;
  latency: number[];
}

export function createAnalyticsRepository(db: Database) {
  const pool = db.$client;
  const writes: [string, (rollUp: RollUp) => BucketRow[] | KeyRow[]][] = [
    [bucketUpsert(BUCKET_TABLES.minute), (r) => r.minutes],
    [bucketUpsert(BUCKET_TABLES.hour), (r) => r.hours],
    [bucketUpsert(BUCKET_TABLES.day), (r) => r.days],
    [keyUpsert(KEY_TABLES.route.hour, KEY_TABLES.route.column), (r) => r.routeHours],
    [keyUpsert(KEY_TABLES.route.day, KEY_TABLES.route.column), (r) => r.routeDays],
    [keyUpsert(KEY_TABLES.consumer.hour, KEY_TABLES.consumer.column), (r) => r.consumerHours],
    [keyUpsert(KEY_TABLES.consumer.day, KEY_TABLES.consumer.column), (r) => r.consumerDays],
  ];

  return {
    /** Adds a batch's rows to the roll-ups, all or none. */
    async add(rollUp: RollUp): Promise<void> {
      if (rollUp.minutes.length === 0) return;
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const [statement, rowsOf] of writes) {
          const rows = rowsOf(rollUp);
          if (rows.length > 0) await client.query(statement, [JSON.stringify(rows)]);
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    /** The project's or API's minutes, hours or days in [from, to), oldest first. */
    async buckets(owner: CallOwner, grain: Grain, from: Date, to: Date): Promise<StoredBucket[]> {
      const { rows } = await pool.query<BucketRecord>(
        `select at, ${COUNTS.join(', ')}, latency from ${BUCKET_TABLES[grain]}
          where ${whereOwner(owner)} and at >= $2 and at < $3 order by at`,
        [idOf(owner), from, to],
      );
      return rows.map((row) => ({
        ...row,
        latency:
          row.latency.length === LATENCY_BUCKETS
            ? row.latency
            : Array.from({ length: LATENCY_BUCKETS }, (_, index) => row.latency[index] ?? 0),
      }));
    },

    /** The `limit` routes or consumers with the most calls in [from, to), most first. */
    async top(
      owner: CallOwner,
      kind: TopKind,
      grain: 'hour' | 'day',
      from: Date,
      to: Date,
      limit: number,
    ): Promise<{ key: string; calls: number }[]> {
      const table = KEY_TABLES[kind];
      const { rows } = await pool.query<{ key: string; calls: string }>(
        `select ${table.column} as key, sum(calls) as calls from ${table[grain]}
          where ${whereOwner(owner)} and at >= $2 and at < $3
          group by ${table.column} order by sum(calls) desc, ${table.column} limit $4`,
        [idOf(owner), from, to, limit],
      );
      return rows.map((row) => ({ key: row.key, calls: Number(row.calls) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

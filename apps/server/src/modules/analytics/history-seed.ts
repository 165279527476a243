/**
 * A busy project's history written straight into the roll-ups, as its batches would have left
 * them, for the timing test and scripts/analytics-timing.ts: every minute, hour and UTC day of
 * the last `days` days up to `now`, `callsPerDay` calls a day spread evenly (each whole day holds
 * exactly that many), statuses mostly 2xx, a latency histogram around 30 ms, `routes` routes by
 * hour and day, and `consumersPerHour` consumers an hour out of a pool of 5,000. Made with
 * generate_series in a few statements, never call by call. And the timing of each range's
 * chart query over it.
 */
import { ANALYTICS_RANGES, type Analytics, type AnalyticsRange } from '@mocksmith/core/analytics';
import type pg from 'pg';
import { createAccess } from '../../lib/access.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import { createAnalyticsService } from './analytics.service.ts';
import { bucketStart, LATENCY_BUCKETS } from './latency-histogram.ts';
import { DAY_MS, floorTo, HOUR_MS, MINUTE_MS } from './roll-up.ts';

export interface HistoryOptions {
  projectId: string;
  now: Date;
  days?: number;
  callsPerDay?: number;
  routes?: number;
  consumersPerHour?: number;
}

/** Latency shares in thousandths by histogram bucket (a log-normal around 30 ms), and its mode. */
function latencyShape(): { weights: number[]; mode: number } {
  const mu = Math.log(30);
  const sigma = 0.9;
  // The normal CDF (Abramowitz and Stegun 7.1.26), enough for a plausible shape.
  const cdf = (ms: number) => {
    if (ms <= 0) return 0;
    const z = (Math.log(ms) - mu) / (sigma * Math.SQRT2);
    const t = 1 / (1 + 0.3275911 * Math.abs(z));
    const erf =
      1 -
      ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
        t *
        Math.exp(-z * z);
    return 0.5 * (1 + Math.sign(z) * erf);
  };
  const weights = Array.from({ length: LATENCY_BUCKETS }, (_, index) => {
    const upper = index === LATENCY_BUCKETS - 1 ? Number.POSITIVE_INFINITY : bucketStart(index + 1);
    const share = (upper === Number.POSITIVE_INFINITY ? 1 : cdf(upper)) - cdf(bucketStart(index));
    return Math.floor(share * 1000);
  });
  const mode = weights.indexOf(Math.max(...weights));
  return { weights, mode };
}

/** Calls of the minutes [fromMinute, toMinute) since the epoch, `perDay` a day spread evenly. */
export function callsBetween(fromMinute: number, toMinute: number, perDay: number): number {
  const upTo = (minute: number) =>
    Math.floor(minute / 1440) * perDay + Math.floor(((minute % 1440) * perDay) / 1440);
  return upTo(toMinute) - upTo(fromMinute);
}

/**
 * Writes the history; answers the calls it holds from `since` (a bucket's start) up to `now`,
 * which the charts of a range starting there must count.
 */
export async function seedHistory(
  pool: pg.Pool,
  {
    projectId,
    now,
    days = 30,
    callsPerDay = 1_000_000,
    routes = 40,
    consumersPerHour = 500,
  }: HistoryOptions,
): Promise<{ callsSince(since: Date): number }> {
  const { weights, mode } = latencyShape();
  const lastMinute = floorTo(now.getTime(), MINUTE_MS);
  const first = floorTo(now.getTime(), DAY_MS) - days * DAY_MS;
  // The minute after the last one seeded, since the epoch: a bucket's calls end there at most.
  const endMinute = lastMinute / MINUTE_MS + 1;

  const buckets = async (table: string, step: number) => {
    await pool.query(
      `with starts as (
         select at, extract(epoch from at)::bigint / 60 as a,
                least(extract(epoch from at)::bigint / 60 + $4::int, $5::bigint) as b
           from generate_series($2::timestamptz, $3::timestamptz, make_interval(mins => $4::int)) as at
       ), counted as (
         select at, ((b / 1440) * $6::bigint + ((b % 1440) * $6::bigint) / 1440
                   - (a / 1440) * $6::bigint - ((a % 1440) * $6::bigint) / 1440)::int as calls
           from starts
       ), shapes as (
         -- Minutes (and hours) hold one of a few counts: each count's histogram made once.
         select d.calls, h.latency
           from (select distinct calls from counted) d
           cross join lateral (
             select array_agg(case when w.i = $8 then w.n + d.calls - t.total else w.n end
                              order by w.i) as latency
               from (select i, d.calls * weight / 1000 as n
                       from unnest($7::int[]) with ordinality as u(weight, i)) w,
                    (select sum(d.calls * weight / 1000) as total
                       from unnest($7::int[]) as u(weight)) t
           ) h
       )
       insert into ${table} (project_id, at, calls, s1xx, s2xx, s3xx, s4xx, s5xx, s0, faults, latency)
       select $1::uuid, c.at, c.calls, 0, c.calls - s.s3xx - s.s4xx - s.s5xx - s.s0, s.s3xx, s.s4xx,
              s.s5xx, s.s0, s.s5xx / 2 + s.s0, h.latency
         from counted c
         join shapes h on h.calls = c.calls
         cross join lateral (select c.calls / 100 as s3xx, c.calls * 6 / 100 as s4xx,
                                    c.calls * 3 / 100 as s5xx, c.calls / 1000 as s0) s`,
      [
        projectId,
        new Date(first),
        new Date(floorTo(lastMinute, step)),
        step / MINUTE_MS,
        endMinute,
        callsPerDay,
        weights,
        mode + 1,
      ],
    );
  };
  await buckets('analytics_minutes', MINUTE_MS);
  await buckets('analytics_hours', HOUR_MS);
  await buckets('analytics_days', DAY_MS);

  // Routes and consumers by hour (each hour's calls shared out), then by day (their sums).
  const hours = `select at, n, (b / 1440) * $5::bigint + ((b % 1440) * $5::bigint) / 1440
        - (a / 1440) * $5::bigint - ((a % 1440) * $5::bigint) / 1440 as calls
      from (select at, extract(epoch from at)::bigint / 3600 as n,
                   extract(epoch from at)::bigint / 60 as a,
                   least(extract(epoch from at)::bigint / 60 + 60, $4::bigint) as b
              from generate_series($2::timestamptz, $3::timestamptz, interval '1 hour') as at) s`;
  const hourParams = [
    projectId,
    new Date(first),
    new Date(floorTo(lastMinute, HOUR_MS)),
    endMinute,
    callsPerDay,
  ];
  await pool.query(
    `insert into analytics_route_hours (project_id, at, route, calls)
     select $1::uuid, h.at, 'GET /resource-' || r || '/{id}', (h.calls * ($6::int + 1 - r) * 2 / ($6::int * ($6::int + 1)))::int
       from (${hours}) h, generate_series(1, $6::int) as r
      where h.calls * ($6::int + 1 - r) * 2 / ($6::int * ($6::int + 1)) > 0`,
    [...hourParams, routes],
  );
  await pool.query(
    `insert into analytics_consumer_hours (project_id, at, client, calls)
     select $1::uuid, h.at, 'c' || lpad(((h.n * 37 + k) % 5000)::text, 11, '0'),
            (h.calls * (1 + k % 5) / (3 * $6::int))::int
       from (${hours}) h, generate_series(0, $6::int - 1) as k
      where h.calls * (1 + k % 5) / (3 * $6::int) > 0`,
    [...hourParams, consumersPerHour],
  );
  for (const [from, to, column] of [
    ['analytics_route_hours', 'analytics_route_days', 'route'],
    ['analytics_consumer_hours', 'analytics_consumer_days', 'client'],
  ] as const) {
    await pool.query(
      `insert into ${to} (project_id, at, ${column}, calls)
       select project_id, date_trunc('day', at, 'UTC'), ${column}, sum(calls)
         from ${from} where project_id = $1 group by 1, 2, 3`,
      [projectId],
    );
  }
  for (const table of [
    'analytics_minutes',
    'analytics_hours',
    'analytics_days',
    'analytics_route_hours',
    'analytics_route_days',
    'analytics_consumer_hours',
    'analytics_consumer_days',
  ]) {
    await pool.query(`analyze ${table}`);
  }

  return {
    callsSince: (since) =>
      callsBetween(
        Math.max(since.getTime(), first) / MINUTE_MS,
        Math.max(endMinute, since.getTime() / MINUTE_MS),
        callsPerDay,
      ),
  };
}

/** The times of one range's chart query: the whole answer and each of its reads, in ms. */
export interface RangeTiming {
  range: AnalyticsRange;
  runs: number[];
  reads: Record<string, number[]>;
}

/**
 * Answers each range's charts `runs` times through a service over `repository` (reads timed
 * one by one); the first run of each is the cold one.
 */
export async function timeCharts(
  repository: AnalyticsRepository,
  projectId: string,
  now: Date,
  runs = 5,
): Promise<{ timings: RangeTiming[]; answers: Record<AnalyticsRange, Analytics> }> {
  const timings: RangeTiming[] = [];
  const answers = {} as Record<AnalyticsRange, Analytics>;
  for (const range of ANALYTICS_RANGES) {
    const reads: Record<string, number[]> = {};
    const timed = async <T>(name: string, read: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await read();
      } finally {
        reads[name] = [...(reads[name] ?? []), performance.now() - started];
      }
    };
    const service = createAnalyticsService({
      repository: {
        ...repository,
        buckets: (...args) => timed('series and latency', () => repository.buckets(...args)),
        top: (...args) => timed(`top ${args[1]}s`, () => repository.top(...args)),
      },
      access: createAccess({
        findOwnedProject: async (id) => ({ id }),
        findApi: async () => null,
      }),
    });
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      answers[range] = await service.forProject('timing', projectId, range, now);
      times.push(performance.now() - started);
    }
    timings.push({ range, runs: times, reads });
  }
  return { timings, answers };
}

/** A table of the timings, one line per range and read: cold, median and slowest run. */
export function timingLines(timings: readonly RangeTiming[]): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  const median = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const line = (label: string, values: readonly number[]) =>
    `${label.padEnd(28)}${ms(values[0] ?? 0)}${ms(median(values))}${ms(Math.max(...values))}`;
  const lines = [
    `${'chart query'.padEnd(28)}${'cold'.padStart(10)}${'median'.padStart(10)}${'slowest'.padStart(10)}`,
  ];
  for (const timing of timings) {
    lines.push(line(`${timing.range}: whole answer`, timing.runs));
    for (const [name, values] of Object.entries(timing.reads)) {
      lines.push(line(`  ${name}`, values));
    }
  }
  return lines;
}

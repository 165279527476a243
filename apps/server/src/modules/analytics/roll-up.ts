/**
 * A batch of calls folded into the rows it adds to the roll-ups: one row per project and minute,
 * hour and UTC day, and one per project, hour or day and route or consumer.
 */
import { addHistogram, bucketOf, emptyHistogram } from './latency-histogram.ts';
import { routeKeyOf } from './route-key.ts';

/** What the analytics read of a call (the request log's entries carry it all). */
export interface AnalyticsCall {
  projectId: string;
  at: Date;
  method: string;
  /** After the base URL, without the query. */
  path: string;
  /** The route that answered (`GET /users/{id}`), null when none did. */
  route?: string | null;
  /** 0: the connection was closed by an injected fault. */
  status: number;
  latencyMs: number;
  /** The injected fault that answered, if any. */
  fault: string | null;
  /** The client's hashed address. */
  client: string;
}

/** The counts of one project in one minute, hour or day. */
export interface BucketRow {
  projectId: string;
  /** ISO 8601: the start of the minute, hour or UTC day. */
  at: string;
  calls: number;
  s1xx: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  s0: number;
  faults: number;
  latency: number[];
}

/** The calls of one project in one hour or day under one key (a route or a consumer). */
export interface KeyRow {
  projectId: string;
  at: string;
  key: string;
  calls: number;
}

export interface RollUp {
  minutes: BucketRow[];
  hours: BucketRow[];
  days: BucketRow[];
  routeHours: KeyRow[];
  routeDays: KeyRow[];
  consumerHours: KeyRow[];
  consumerDays: KeyRow[];
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The start of the minute, hour or UTC day holding `ms`. */
export const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

type StatusClass = 's0' | 's1xx' | 's2xx' | 's3xx' | 's4xx' | 's5xx';
const CLASSES: readonly StatusClass[] = ['s1xx', 's2xx', 's3xx', 's4xx', 's5xx'];

function classOf(status: number): StatusClass | null {
  if (status === 0) return 's0';
  return CLASSES[Math.floor(status / 100) - 1] ?? null;
}

function emptyBucket(projectId: string, at: number): BucketRow {
  return {
    projectId,
    at: new Date(at).toISOString(),
    calls: 0,
    s1xx: 0,
    s2xx: 0,
    s3xx: 0,
    s4xx: 0,
    s5xx: 0,
    s0: 0,
    faults: 0,
    latency: emptyHistogram(),
  };
}

/** The rows `calls` add to the roll-ups. */
export function rollUp(calls: readonly AnalyticsCall[]): RollUp {
  const buckets = [
    new Map<string, BucketRow>(),
    new Map<string, BucketRow>(),
    new Map<string, BucketRow>(),
  ];
  const keys = {
    routeHours: new Map<string, KeyRow>(),
    routeDays: new Map<string, KeyRow>(),
    consumerHours: new Map<string, KeyRow>(),
    consumerDays: new Map<string, KeyRow>(),
  };
  const steps = [MINUTE_MS, HOUR_MS, DAY_MS];

  const count = (rows: Map<string, KeyRow>, projectId: string, at: number, key: string) => {
    const id = `${projectId} ${at} ${key}`;
    const row = rows.get(id);
    if (row) row.calls++;
    else rows.set(id, { projectId, at: new Date(at).toISOString(), key, calls: 1 });
  };

  for (const call of calls) {
    const ms = call.at.getTime();
    if (!Number.isFinite(ms)) continue;
    const status = classOf(call.status);
    const latency = bucketOf(call.latencyMs);
    steps.forEach((step, index) => {
      const at = floorTo(ms, step);
      const rows = buckets[index] as Map<string, BucketRow>;
      const id = `${call.projectId} ${at}`;
      let row = rows.get(id);
      if (!row) {
        row = emptyBucket(call.projectId, at);
        rows.set(id, row);
      }
      row.calls++;
      if (status) row[status]++;
      if (call.fault !== null) row.faults++;
      row.latency[latency] = (row.latency[latency] ?? 0) + 1;
    });
    const hour = floorTo(ms, HOUR_MS);
    const day = floorTo(ms, DAY_MS);
    const route = routeKeyOf(call);
    count(keys.routeHours, call.projectId, hour, route);
    count(keys.routeDays, call.projectId, day, route);
    count(keys.consumerHours, call.projectId, hour, call.client);
    count(keys.consumerDays, call.projectId, day, call.client);
  }

  const [minutes, hours, days] = buckets.map((rows) => [...rows.values()]) as [
    BucketRow[],
    BucketRow[],
    BucketRow[],
  ];
  return {
    minutes,
    hours,
    days,
    routeHours: [...keys.routeHours.values()],
    routeDays: [...keys.routeDays.values()],
    consumerHours: [...keys.consumerHours.values()],
    consumerDays: [...keys.consumerDays.values()],
  };
}

/** The sum of rows' histograms. */
export function sumHistograms(histograms: Iterable<readonly number[]>): number[] {
  const sum = emptyHistogram();
  for (const histogram of histograms) addHistogram(sum, histogram);
  return sum;
}

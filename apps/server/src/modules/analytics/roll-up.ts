/**
 * A batch of calls folded into the rows it adds to the roll-ups: one row per project (or
 * stand-alone API) and minute, hour and UTC day, and one per project or API, hour or day and
 * route or consumer.
 */
import { type CallOwner, ownerIdOf } from '@mocksmith/core/inspector';
import { addHistogram, bucketOf, emptyHistogram } from './latency-histogram.ts';
import { routeKeyOf } from './route-key.ts';

/** What the analytics read of a call (the request log's entries carry it all). */
export type AnalyticsCall = CallOwner & {
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
};

/** Whose a row counts: a project's calls or a stand-alone API's (the other null). */
export interface RowOwner {
  projectId: string | null;
  apiId: string | null;
}

/** The counts of one project or API in one minute, hour or day. */
export interface BucketRow extends RowOwner {
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

/** The calls of one project or API in one hour or day under one key (a route or a consumer). */
export interface KeyRow extends RowOwner {
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
const STATUS_FIELDS: readonly StatusClass[] = ['s0', ...CLASSES];

function classOf(status: number): StatusClass | null {
  if (status === 0) return 's0';
  return CLASSES[Math.floor(status / 100) - 1] ?? null;
}

/** A row's owner columns: the call's project, or its API. */
function ownerOf(owner: CallOwner): RowOwner {
  return owner.projectId !== null
    ? { projectId: owner.projectId, apiId: null }
    : { projectId: null, apiId: owner.apiId };
}

/** The key of a row's owner in the maps below. */
const keyOf = (owner: RowOwner) => (owner.projectId ?? owner.apiId) as string;

function emptyBucket(owner: RowOwner, at: number): BucketRow {
  return {
    projectId: owner.projectId,
    apiId: owner.apiId,
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
  const folding = createRollUp();
  for (const call of calls) folding.add(call);
  return folding.result();
}

/**
 * A roll-up folded call by call: each call costs one minute bucket and one route and one
 * consumer count for its hour; the hours and days of the buckets, and the days of the counts,
 * are summed from those at the end (a few rows, not one per call). So a batch of thousands
 * folds in a few milliseconds, and can be folded in slices between other work.
 */
export function createRollUp() {
  const minutes = new Map<string, BucketRow>();
  const routeHours = new Map<string, KeyRow>();
  const consumerHours = new Map<string, KeyRow>();

  const count = (
    rows: Map<string, KeyRow>,
    owner: string,
    call: CallOwner,
    at: number,
    key: string,
  ) => {
    const id = `${owner} ${at} ${key}`;
    const row = rows.get(id);
    if (row) row.calls++;
    else rows.set(id, { ...ownerOf(call), at: new Date(at).toISOString(), key, calls: 1 });
  };

  return {
    add(call: AnalyticsCall): void {
      const ms = call.at.getTime();
      if (!Number.isFinite(ms)) return;
      const owner = ownerIdOf(call);
      const minute = floorTo(ms, MINUTE_MS);
      const id = `${owner} ${minute}`;
      let row = minutes.get(id);
      if (!row) {
        row = emptyBucket(ownerOf(call), minute);
        minutes.set(id, row);
      }
      row.calls++;
      const status = classOf(call.status);
      if (status) row[status]++;
      if (call.fault !== null) row.faults++;
      const latency = bucketOf(call.latencyMs);
      row.latency[latency] = (row.latency[latency] ?? 0) + 1;
      const hour = floorTo(ms, HOUR_MS);
      count(routeHours, owner, call, hour, routeKeyOf(call));
      count(consumerHours, owner, call, hour, call.client);
    },

    result(): RollUp {
      const minuteRows = [...minutes.values()];
      return {
        minutes: minuteRows,
        hours: coarser(minuteRows, HOUR_MS),
        days: coarser(minuteRows, DAY_MS),
        routeHours: [...routeHours.values()],
        routeDays: coarserKeys([...routeHours.values()]),
        consumerHours: [...consumerHours.values()],
        consumerDays: coarserKeys([...consumerHours.values()]),
      };
    },
  };
}

/** Bucket rows summed into coarser buckets (hours or days of minutes). */
function coarser(rows: readonly BucketRow[], step: number): BucketRow[] {
  const summed = new Map<string, BucketRow>();
  for (const row of rows) {
    const at = floorTo(Date.parse(row.at), step);
    const id = `${keyOf(row)} ${at}`;
    let into = summed.get(id);
    if (!into) {
      into = emptyBucket(row, at);
      summed.set(id, into);
    }
    into.calls += row.calls;
    for (const status of STATUS_FIELDS) into[status] += row[status];
    into.faults += row.faults;
    addHistogram(into.latency, row.latency);
  }
  return [...summed.values()];
}

/** Hourly counts summed into days. */
function coarserKeys(rows: readonly KeyRow[]): KeyRow[] {
  const summed = new Map<string, KeyRow>();
  for (const row of rows) {
    const day = floorTo(Date.parse(row.at), DAY_MS);
    const id = `${keyOf(row)} ${day} ${row.key}`;
    const into = summed.get(id);
    if (into) into.calls += row.calls;
    else summed.set(id, { ...row, at: new Date(day).toISOString() });
  }
  return [...summed.values()];
}

/** The sum of rows' histograms. */
export function sumHistograms(histograms: Iterable<readonly number[]>): number[] {
  const sum = emptyHistogram();
  for (const histogram of histograms) addHistogram(sum, histogram);
  return sum;
}

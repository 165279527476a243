/**
 * A batch of calls folded into the rows it adds to the roll-ups: one row per project (or
 * stand-alone API) and minute, hour and UTC day, and one per project or API, hour or day and
 * route or consumer.
 */
import {
  type CallCapture,
  type CallOwner,
  type NewLoggedCall,
  ownerIdOf,
  pathOf,
} from '@mocksmith/core/inspector';
import { addHistogram, bucketOf, emptyHistogram } from './latency-histogram.ts';
import { MAX_ROUTE_KEY_LENGTH, routeKeyOf } from './route-key.ts';

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
  /** Calls forwarded to the project's proxy. */
  proxied: number;
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
    proxied: 0,
    latency: emptyHistogram(),
  };
}

/** The rows `calls` add to the roll-ups. */
export function rollUp(calls: readonly NewLoggedCall[]): RollUp {
  const folding = createRollUp();
  for (const call of calls) folding.add(call);
  return folding.result();
}

/** What a roll-up holds of one project or API for the minute and hour it last counted. */
interface Current {
  minute: number;
  row: BucketRow;
  hour: number;
  routes: Map<string, KeyRow>;
  consumers: Map<string, KeyRow>;
}

/**
 * A roll-up folded call by call: each call costs one minute bucket and one route and one
 * consumer count for its hour; the hours and days of the buckets, and the days of the counts,
 * are summed from those at the end (a few rows, not one per call). A call of the minute and
 * hour its project (or API) last counted, nearly every one, finds its rows through that owner's
 * current ones: no key is built. So the mock URLs count each call in place as it is answered.
 */
export function createRollUp() {
  const minutes = new Map<string, BucketRow>();
  const routeHours = new Map<string, Map<string, KeyRow>>();
  const consumerHours = new Map<string, Map<string, KeyRow>>();
  const current = new Map<string, Current>();

  /** The counts of an owner's hour under each key, made on its first call. */
  const hourOf = (hours: Map<string, Map<string, KeyRow>>, id: string) => {
    let rows = hours.get(id);
    if (!rows) {
      rows = new Map();
      hours.set(id, rows);
    }
    return rows;
  };

  const countKey = (rows: Map<string, KeyRow>, call: CallOwner, hour: number, key: string) => {
    const row = rows.get(key);
    if (row) row.calls++;
    else rows.set(key, { ...ownerOf(call), at: new Date(hour).toISOString(), key, calls: 1 });
  };

  /** Counts one call of `call`'s owner at `ms`; `routeKey` names it in the top routes. */
  const count = (
    call: CallOwner,
    ms: number,
    status: number,
    latencyMs: number,
    fault: string | null,
    proxied: boolean,
    routeKey: string,
    client: string,
  ): void => {
    if (!Number.isFinite(ms)) return;
    const owner = ownerIdOf(call);
    const minute = floorTo(ms, MINUTE_MS);
    let now = current.get(owner);
    if (now === undefined || now.minute !== minute) {
      const id = `${owner} ${minute}`;
      let row = minutes.get(id);
      if (!row) {
        row = emptyBucket(ownerOf(call), minute);
        minutes.set(id, row);
      }
      const hour = floorTo(ms, HOUR_MS);
      now = {
        minute,
        row,
        hour,
        routes: hourOf(routeHours, `${owner} ${hour}`),
        consumers: hourOf(consumerHours, `${owner} ${hour}`),
      };
      current.set(owner, now);
    }
    const row = now.row;
    row.calls++;
    const statusClass = classOf(status);
    if (statusClass) row[statusClass]++;
    if (fault !== null) row.faults++;
    if (proxied) row.proxied++;
    const latency = bucketOf(latencyMs);
    row.latency[latency] = (row.latency[latency] ?? 0) + 1;
    countKey(now.routes, call, now.hour, routeKey);
    countKey(now.consumers, call, now.hour, client);
  };

  const flatten = (hours: Map<string, Map<string, KeyRow>>) =>
    [...hours.values()].flatMap((rows) => [...rows.values()]);

  return {
    /** Counts a logged call (the request log's batches). */
    add(call: NewLoggedCall): void {
      count(
        call,
        call.at.getTime(),
        call.status,
        call.latencyMs,
        call.fault,
        call.upstream !== null,
        routeKeyOf(call),
        call.client,
      );
    },

    /** Counts a call as the mock URLs captured it (its path read only when no route answered). */
    addCaptured(call: CallCapture): void {
      const routeKey =
        call.route !== null && call.route.length <= MAX_ROUTE_KEY_LENGTH
          ? call.route
          : routeKeyOf({ method: call.method, path: pathOf(call), route: call.route });
      count(
        call,
        call.at,
        call.status,
        call.latencyMs,
        call.fault,
        call.upstream !== null,
        routeKey,
        call.client,
      );
    },

    /** Whether nothing was counted. */
    isEmpty: () => minutes.size === 0,

    result(): RollUp {
      const minuteRows = [...minutes.values()];
      const routeRows = flatten(routeHours);
      const consumerRows = flatten(consumerHours);
      return {
        minutes: minuteRows,
        hours: coarser(minuteRows, HOUR_MS),
        days: coarser(minuteRows, DAY_MS),
        routeHours: routeRows,
        routeDays: coarserKeys(routeRows),
        consumerHours: consumerRows,
        consumerDays: coarserKeys(consumerRows),
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
    into.proxied += row.proxied;
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

/**
 * The analytics of a project or of a stand-alone API: the request log's batches rolled up as
 * they are written, and the charts of a range read back (its series at the range's grain, the
 * status mix, the latency percentiles, the top routes and consumers), for the owner alone.
 */

import {
  ANALYTICS_POINTS,
  ANALYTICS_TOP,
  type Analytics,
  type AnalyticsPoint,
  type AnalyticsRange,
} from '@mocksmith/core/analytics';
import type { CallCapture, CallOwner, NewLoggedCall } from '@mocksmith/core/inspector';
import type { Access } from '../../lib/access.ts';
import type { AnalyticsRepository, Grain } from './analytics.repository.ts';
import { quantileOf } from './latency-histogram.ts';
import { createRollUp, DAY_MS, floorTo, HOUR_MS, MINUTE_MS, sumHistograms } from './roll-up.ts';

export interface AnalyticsServiceOptions {
  repository: AnalyticsRepository;
  /** Whose projects and stand-alone APIs are whose (lib/access.ts). */
  access: Access;
  /** Writes what this node's request log holds, so a chart counts the calls just answered. */
  flush?: () => Promise<void>;
}

const STEP_MS: Record<Grain, number> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS };
const GRAIN_OF: Record<AnalyticsRange, Grain> = { hour: 'minute', week: 'hour', '90d': 'day' };

/** The times a range reads: its series' [from, to) and its top lists' (kept by hour or day). */
export function windowOf(range: AnalyticsRange, now: Date) {
  const grain = GRAIN_OF[range];
  const step = STEP_MS[grain];
  const points = ANALYTICS_POINTS[range];
  const to = floorTo(now.getTime(), step) + step;
  const from = to - points * step;
  const topGrain: 'hour' | 'day' = grain === 'day' ? 'day' : 'hour';
  return {
    grain,
    step,
    points,
    from: new Date(from),
    to: new Date(to),
    topGrain,
    topFrom: new Date(floorTo(from, STEP_MS[topGrain])),
    topTo: new Date(floorTo(to - 1, STEP_MS[topGrain]) + STEP_MS[topGrain]),
  };
}

/** Calls folded between two turns of the event loop. */
const FOLD_SLICE = 500;

export function createAnalyticsService({ repository, access, flush }: AnalyticsServiceOptions) {
  /** The charts of a project or API (its owner checked) over `range`, up to `now`. */
  const chartsOf = async (
    owner: CallOwner,
    range: AnalyticsRange,
    now: Date,
  ): Promise<Analytics> => {
    await flush?.();
    const window = windowOf(range, now);
    const [buckets, routes, consumers] = await Promise.all([
      repository.buckets(owner, window.grain, window.from, window.to),
      repository.top(owner, 'route', window.topGrain, window.topFrom, window.topTo, ANALYTICS_TOP),
      repository.top(
        owner,
        'consumer',
        window.topGrain,
        window.topFrom,
        window.topTo,
        ANALYTICS_TOP,
      ),
    ]);

    const byTime = new Map(buckets.map((bucket) => [bucket.at.getTime(), bucket]));
    const series: AnalyticsPoint[] = [];
    const mix = { s1xx: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, s0: 0 };
    const totals = { calls: 0, faults: 0, proxied: 0 };
    for (let index = 0; index < window.points; index++) {
      const at = window.from.getTime() + index * window.step;
      const bucket = byTime.get(at);
      const point: AnalyticsPoint = {
        at: new Date(at).toISOString(),
        calls: bucket?.calls ?? 0,
        s1xx: bucket?.s1xx ?? 0,
        s2xx: bucket?.s2xx ?? 0,
        s3xx: bucket?.s3xx ?? 0,
        s4xx: bucket?.s4xx ?? 0,
        s5xx: bucket?.s5xx ?? 0,
        s0: bucket?.s0 ?? 0,
        faults: bucket?.faults ?? 0,
        proxied: bucket?.proxied ?? 0,
      };
      series.push(point);
      for (const name of Object.keys(mix) as (keyof typeof mix)[]) mix[name] += point[name];
      totals.calls += point.calls;
      totals.faults += point.faults;
      totals.proxied += point.proxied;
    }
    const histogram = sumHistograms(buckets.map((bucket) => bucket.latency));
    return {
      range,
      step: window.grain,
      series,
      totals,
      statusMix: mix,
      latency: {
        p50: quantileOf(histogram, 0.5),
        p95: quantileOf(histogram, 0.95),
        p99: quantileOf(histogram, 0.99),
      },
      topSince: window.topFrom.toISOString(),
      topRoutes: routes.map((row) => ({ route: row.key, calls: row.calls })),
      topConsumers: consumers.map((row) => ({ client: row.key, calls: row.calls })),
    };
  };

  // The calls counted in place since the last write (see `count`).
  let counting = createRollUp();
  let lastWrite = 0;

  return {
    /** Counts a call as it is answered (no entry kept); `writeCounts` adds them to the tables. */
    count(call: CallCapture): void {
      counting.addCaptured(call);
    },

    /**
     * Adds what was counted since the last write to the roll-ups, in one transaction; with
     * `atMostEveryMs`, only when that long has passed since the last write (seven upserts each
     * time: the request log's flushes come four times a second, a chart asks for its counts
     * itself). Throws when the database refuses; those counts are then lost.
     */
    async writeCounts({ atMostEveryMs = 0 }: { atMostEveryMs?: number } = {}): Promise<void> {
      const now = Date.now();
      if (now - lastWrite < atMostEveryMs) return;
      lastWrite = now;
      if (counting.isEmpty()) return;
      const counted = counting;
      counting = createRollUp();
      await repository.add(counted.result());
    },

    /**
     * Adds a batch of the request log's calls (any project, logged or not) to the roll-ups, in
     * one transaction. Throws when the database refuses; the batch is then not counted.
     */
    async addCalls(calls: readonly NewLoggedCall[]): Promise<void> {
      if (calls.length === 0) return;
      // Folded in slices, the event loop free between them: a batch of thousands of calls
      // never holds the mock URLs' answers for more than a slice.
      const folding = createRollUp();
      for (let start = 0; start < calls.length; start += FOLD_SLICE) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const end = Math.min(calls.length, start + FOLD_SLICE);
        for (let index = start; index < end; index++) folding.add(calls[index] as NewLoggedCall);
      }
      await repository.add(folding.result());
    },

    /**
     * The charts of the user's project over `range`, up to `now`. Throws PROJECT_NOT_FOUND
     * (404) when the project is not the user's.
     */
    async forProject(
      userId: string,
      projectId: string,
      range: AnalyticsRange,
      now = new Date(),
    ): Promise<Analytics> {
      const project = await access.requireAccess(
        { id: userId },
        { kind: 'project', id: projectId },
      );
      return chartsOf({ projectId: project.id }, range, now);
    },

    /**
     * The charts of the user's stand-alone API over `range`, up to `now`. Throws API_NOT_FOUND
     * (404) when the API is not the user's, or is a route of a project (its calls count there).
     */
    async forApi(
      userId: string,
      apiId: string,
      range: AnalyticsRange,
      now = new Date(),
    ): Promise<Analytics> {
      const api = await access.requireAccess(
        { id: userId },
        { kind: 'stand-alone-api', id: apiId },
      );
      return chartsOf({ projectId: null, apiId: api.id }, range, now);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * A project's usage analytics (`GET /backend/projects/{id}/analytics`): its calls over time,
 * the mix of statuses, the latency percentiles, the routes and consumers that call most, and the
 * faults injected, for the last hour (by minute), week (by hour) or 90 days (by day, in UTC).
 */
import { ANALYTICS_RANGES, analyticsTexts } from './analytics-texts.ts';
import { z } from './zod.ts';

export {
  ANALYTICS_POINTS,
  ANALYTICS_RANGES,
  ANALYTICS_TOP,
  type AnalyticsRange,
  analyticsTexts,
} from './analytics-texts.ts';

/** `GET /backend/projects/{id}/analytics?range=`. */
export const analyticsQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: analyticsTexts.rangeInvalid }).default('hour'),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Calls by status class: 0 is a connection closed by an injected fault (no status at all). */
const statusCounts = {
  s1xx: z.number().int(),
  s2xx: z.number().int(),
  s3xx: z.number().int(),
  s4xx: z.number().int(),
  s5xx: z.number().int(),
  s0: z.number().int(),
};

/** One minute, hour or day of the series. */
export const analyticsPointSchema = z
  .object({
    /** The start of the minute, hour or UTC day (ISO 8601). */
    at: z.string(),
    calls: z.number().int(),
    ...statusCounts,
    /** Calls answered by an injected fault (an error status, a reset or no answer). */
    faults: z.number().int(),
    /** Calls no route answered, forwarded to the project's proxy (issue 40). */
    proxied: z.number().int(),
  })
  .meta({ id: 'AnalyticsPoint' });
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsSchema = z
  .object({
    range: z.enum(ANALYTICS_RANGES),
    /** The grain of the series. */
    step: z.enum(['minute', 'hour', 'day']),
    /** Every minute, hour or day of the range, oldest first, the current (unfinished) one last. */
    series: z.array(analyticsPointSchema),
    totals: z.object({
      calls: z.number().int(),
      faults: z.number().int(),
      /** Calls forwarded to the project's proxy. */
      proxied: z.number().int(),
    }),
    /** The range's calls by status class. */
    statusMix: z.object(statusCounts),
    /**
     * Milliseconds from arrival to answer (injected delays included), read from a histogram
     * whose buckets are about 27 % wide; null when there were no calls.
     */
    latency: z.object({
      p50: z.number().nullable(),
      p95: z.number().nullable(),
      p99: z.number().nullable(),
    }),
    /**
     * The start of what the top lists count (ISO 8601): they are kept by hour and by day, so for
     * the last hour they count from the start of the previous hour.
     */
    topSince: z.string(),
    /** The routes called most (`GET /users/{id}`), most first. */
    topRoutes: z.array(z.object({ route: z.string(), calls: z.number().int() })),
    /** The consumers that called most, by hashed address, most first. */
    topConsumers: z.array(z.object({ client: z.string(), calls: z.number().int() })),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;

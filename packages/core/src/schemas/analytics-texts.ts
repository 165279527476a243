/** The analytics' ranges and texts, without the schemas (and their validation library). */

/** The ranges the charts offer, each read at its own grain. */
export const ANALYTICS_RANGES = ['hour', 'week', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** How many points each range's series has, one per minute, hour or day, the current one last. */
export const ANALYTICS_POINTS: Record<AnalyticsRange, number> = { hour: 60, week: 168, '90d': 90 };

/** How many routes and consumers the top lists hold at most. */
export const ANALYTICS_TOP = 10;

/** The texts both sides show. */
export const analyticsTexts = {
  ranges: { hour: 'Last hour', week: 'Last week', '90d': 'Last 90 days' },
  empty: 'No calls yet in this range.',
  rangeInvalid: 'range must be hour, week or 90d',
} as const satisfies { ranges: Record<AnalyticsRange, string> } & Record<string, unknown>;

import type { AnalyticsBody, BankingBody, SocialBody, WeatherBody } from '../types.ts';

type Leaf = 'string' | 'number' | 'boolean' | 'string|null' | 'number|null';

/**
 * What a value must look like: a leaf type, `[shape]` for an array whose every item has that
 * shape, or an object whose listed keys have theirs (other keys are allowed).
 */
export type Shape = Leaf | readonly [Shape] | { readonly [key: string]: Shape };

/** Whether `value` has `shape`. Numbers must be finite. */
export function matchesShape(value: unknown, shape: Shape): boolean {
  if (typeof shape === 'string') {
    if (value === null) return shape.endsWith('|null');
    const type = shape.replace('|null', '');
    if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
    return typeof value === type;
  }
  if (Array.isArray(shape)) {
    return Array.isArray(value) && value.every((item) => matchesShape(item, shape[0]));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([key, inner]) => matchesShape(record[key], inner));
}

const weatherShape = {
  location: { city: 'string', country: 'string' },
  current: {
    date: 'string',
    day: 'string',
    temp: 'number',
    feels_like: 'number',
    humidity: 'number',
    wind_speed: 'number',
    wind_direction: 'string',
    description: 'string',
    condition: 'string',
  },
  forecast: [
    { date: 'string', day: 'string', temp_high: 'number', temp_low: 'number', condition: 'string' },
  ],
} as const;

const bankingShape = {
  customerInfo: { name: 'string', customerId: 'string', memberSince: 'string' },
  accounts: [
    {
      id: 'string',
      type: 'string',
      balance: 'number',
      currency: 'string',
      limit: 'number|null',
      dueDate: 'string|null',
      lastUpdated: 'string',
    },
  ],
  transactions: [
    {
      id: 'string',
      date: 'string',
      description: 'string',
      amount: 'number',
      currency: 'string',
      category: 'string',
      accountId: 'string',
    },
  ],
  insights: {
    monthlySpending: { total: 'number', categories: [{ name: 'string', amount: 'number' }] },
    savingsGoal: { target: 'number', current: 'number', progress: 'number' },
  },
} as const;

const metricsShape = {
  totalVisitors: 'number',
  bounceRate: 'number',
  avgSessionDuration: 'number',
  pageViews: 'number',
} as const;

const analyticsShape = {
  siteInfo: { domain: 'string', siteId: 'string', trackingSince: 'string' },
  visitorMetrics: { ...metricsShape, previousMonth: metricsShape },
  trafficSources: { sources: [{ name: 'string', percentage: 'number' }] },
  dailyVisits: { data: [{ date: 'string', visitors: 'number' }] },
  popularPages: { pages: [{ path: 'string', views: 'number', avgTimeOnPage: 'number' }] },
  deviceBreakdown: { devices: [{ type: 'string', percentage: 'number' }] },
} as const;

const socialMetricsShape = {
  followers: 'number',
  engagement: 'number',
  reach: 'number',
  impressions: 'number',
} as const;

const socialShape = {
  platforms: [
    {
      name: 'string',
      accountInfo: {
        username: 'string',
        displayName: 'string',
        createdAt: 'string',
        type: 'string',
        verified: 'boolean',
      },
      metrics: socialMetricsShape,
      previousPeriod: socialMetricsShape,
      dailyEngagement: [{ date: 'string', value: 'number' }],
      demographics: [{ age: 'string', percentage: 'number' }],
      engagementBreakdown: [{ type: 'string', count: 'number', percentage: 'number' }],
      topPosts: [
        {
          content: 'string',
          date: 'string',
          likes: 'number',
          comments: 'number',
          shares: 'number',
        },
      ],
      contentCategories: [{ name: 'string', postCount: 'number', engagement: 'number' }],
    },
  ],
} as const;

/** Whether a body can feed the weather widget. */
export function isWeatherBody(value: unknown): value is WeatherBody {
  return matchesShape(value, weatherShape);
}

/** Whether a body can feed the banking widget. */
export function isBankingBody(value: unknown): value is BankingBody {
  return matchesShape(value, bankingShape);
}

/** Whether a body can feed the analytics widget. */
export function isAnalyticsBody(value: unknown): value is AnalyticsBody {
  return matchesShape(value, analyticsShape);
}

/** Whether a body can feed the social media widget. */
export function isSocialBody(value: unknown): value is SocialBody {
  return matchesShape(value, socialShape);
}

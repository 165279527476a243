/**
 * The public sample APIs of the showcase (/examples): official templates the server creates at
 * start and serves like any other API at /backend/apitemplate/get/{code}, each body finished by
 * the sample's story (`sample-stories.ts`), which makes its parts agree. Their bodies have exactly
 * the sample shapes of the spec (section 3), which `sampleBodySchemas` states once: the web accepts
 * a live body with them and types its widgets from them, and the tests check the generated bodies
 * against them. Plain data and zod only, no catalogue, so the web can show the same templates in
 * its how-to without loading faker.
 */

import type { HttpMethod } from './http.ts';
import type { JsonObject } from './json.ts';
import { z } from './schemas/zod.ts';

/** The request ids of the four sample APIs, fixed so the showcase can call them. */
export const SAMPLE_CODES = ['weather', 'banking', 'analytics', 'social'] as const;
export type SampleCode = (typeof SAMPLE_CODES)[number];

/**
 * The currencies of the banking sample, those whose symbols the showcase shows (spec: USD $,
 * EUR €, GBP £). One customer banks in one of them: its accounts and transactions all share it.
 */
export const BANKING_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

/**
 * The platforms of the social sample, in the order of the showcase's platform selector (spec:
 * Twitter, Facebook, Instagram).
 */
export const SOCIAL_PLATFORMS = ['Twitter', 'Facebook', 'Instagram'] as const;
export type SocialPlatformName = (typeof SOCIAL_PLATFORMS)[number];

/** One sample API: what the server stores and what the showcase offers to copy. */
export interface SampleApi {
  /** The request id, fixed so the showcase can call it. */
  code: SampleCode;
  name: string;
  description: string;
  category: string;
  tags: string[];
  method: HttpMethod;
  template: JsonObject;
}

const analyticsMetrics = {
  totalVisitors: 'number.analytics.totalvisitors',
  bounceRate: 'number.analytics.bounce',
  avgSessionDuration: 'number.analytics.sessionduration',
  pageViews: 'number.analytics.pageviews',
};

const bankAccount = (type: string, credit: boolean): JsonObject => ({
  id: 'string.money.accountnumber',
  type,
  balance: 'number.money.amount',
  currency: 'string.money.currency',
  limit: credit ? 'number.money.amount' : null,
  dueDate: credit ? 'string.time.soon' : null,
  lastUpdated: 'string.time.recent',
});

/** The four sample APIs, in the order of the showcase. */
export const SAMPLE_APIS: readonly SampleApi[] = [
  {
    code: 'weather',
    name: 'Weather Sample',
    description: 'Current conditions and a five-day forecast for a city.',
    category: 'other',
    tags: ['weather', 'forecast'],
    method: 'GET',
    template: {
      location: 'object.weather.location',
      current: 'object.weather.current',
      forecast: 'array.weather.forecast',
    },
  },
  {
    code: 'banking',
    name: 'Banking Sample',
    description: 'A customer with accounts, recent transactions and spending insights.',
    category: 'other',
    tags: ['banking', 'finance'],
    method: 'GET',
    template: {
      customerInfo: {
        name: 'string.name.fullname',
        customerId: 'uuid',
        memberSince: 'string.time.past',
      },
      accounts: [
        bankAccount('checking', false),
        bankAccount('savings', false),
        bankAccount('credit', true),
      ],
      transactions: [
        {
          __multiply: '5-8',
          id: 'uuid',
          date: 'string.time.recent',
          description: 'sample_transaction',
          amount: 'number.money.amount',
          currency: 'string.money.currency',
          category: 'string.money.transactiontype',
          accountId: 'string.money.accountnumber',
        },
      ],
      insights: {
        monthlySpending: {
          total: 'number.money.amount',
          categories: [
            { __multiply: '4-6', name: 'string.product.department', amount: 'number.money.price' },
          ],
        },
        savingsGoal: {
          target: 'number.money.amount',
          current: 'number.money.amount',
          progress: 'percentage',
        },
      },
    },
  },
  {
    code: 'analytics',
    name: 'Analytics Sample',
    description: 'Website traffic: visitors, sources, daily visits, popular pages and devices.',
    category: 'analytics',
    tags: ['analytics', 'dashboard'],
    method: 'GET',
    template: {
      siteInfo: {
        domain: 'string.analytics.domain',
        siteId: 'string.analytics.siteid',
        trackingSince: 'string.analytics.trackingsince',
      },
      visitorMetrics: { ...analyticsMetrics, previousMonth: analyticsMetrics },
      trafficSources: { sources: 'array.analytics.trafficsources' },
      dailyVisits: { data: 'array.analytics.dailyvisits' },
      popularPages: { pages: 'array.analytics.popularpages' },
      deviceBreakdown: { devices: 'array.analytics.devices' },
    },
  },
  {
    code: 'social',
    name: 'Social Media Sample',
    description: 'Social media accounts with metrics, engagement, demographics and top posts.',
    category: 'social',
    tags: ['social', 'marketing'],
    method: 'GET',
    template: { platforms: 'array.social.platforms' },
  },
];

/** The sample API with this code. */
export function getSampleApi(code: SampleCode): SampleApi {
  const sample = SAMPLE_APIS.find((s) => s.code === code);
  if (!sample) throw new Error(`No sample API ${code}`);
  return sample;
}

/**
 * A sample's template as stored and as the showcase offers it to paste into the editor:
 * pretty-printed JSON with two-space indents.
 */
export function sampleTemplateText(sample: SampleApi): string {
  return JSON.stringify(sample.template, null, 2);
}

/* ------------------------------------------------------------------------------------------ */
/* The answer of each sample API (spec section 3, "Sample response shapes").                   */
/* ------------------------------------------------------------------------------------------ */

/** One day of the weather forecast. */
const weatherDaySchema = z.object({
  /** `YYYY-MM-DD`. */
  date: z.string(),
  day: z.string(),
  temp_high: z.number(),
  temp_low: z.number(),
  /** One of sunny, partly_cloudy, cloudy, rainy (the showcase gives others a plain cloud). */
  condition: z.string(),
});

/** The body of the `weather` sample: a city, its current weather and five days of forecast. */
export const weatherSampleSchema = z.object({
  location: z.object({
    city: z.string(),
    country: z.string(),
    coordinates: z.object({ lat: z.number(), lon: z.number() }),
  }),
  current: z.object({
    date: z.string(),
    day: z.string(),
    temp: z.number(),
    feels_like: z.number(),
    /** In %. */
    humidity: z.number(),
    /** In km/h. */
    wind_speed: z.number(),
    wind_direction: z.string(),
    description: z.string(),
    condition: z.string(),
  }),
  forecast: z.array(weatherDaySchema),
});
export type WeatherSample = z.infer<typeof weatherSampleSchema>;
export type WeatherDay = z.infer<typeof weatherDaySchema>;

/** One account of the `banking` sample; only credit accounts have a limit and a due date. */
const bankAccountSchema = z.object({
  id: z.string(),
  type: z.string(),
  balance: z.number(),
  currency: z.string(),
  limit: z.number().nullable(),
  dueDate: z.string().nullable(),
  lastUpdated: z.string(),
});

/** One transaction of the `banking` sample; its description is a `sample_` placeholder. */
const bankTransactionSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  category: z.string(),
  accountId: z.string(),
});

const savingsGoalSchema = z.object({
  target: z.number(),
  current: z.number(),
  progress: z.number(),
});

/** The body of the `banking` sample: a customer, accounts, transactions and insights. */
export const bankingSampleSchema = z.object({
  customerInfo: z.object({ name: z.string(), customerId: z.string(), memberSince: z.string() }),
  accounts: z.array(bankAccountSchema),
  transactions: z.array(bankTransactionSchema),
  insights: z.object({
    monthlySpending: z.object({
      total: z.number(),
      categories: z.array(z.object({ name: z.string(), amount: z.number() })),
    }),
    savingsGoal: savingsGoalSchema,
  }),
});
export type BankingSample = z.infer<typeof bankingSampleSchema>;
export type BankAccount = z.infer<typeof bankAccountSchema>;
export type BankTransaction = z.infer<typeof bankTransactionSchema>;
export type SavingsGoal = z.infer<typeof savingsGoalSchema>;

const visitorMetricsSchema = z.object({
  totalVisitors: z.number(),
  /** In %. */
  bounceRate: z.number(),
  /** In seconds. */
  avgSessionDuration: z.number(),
  pageViews: z.number(),
});

/** The body of the `analytics` sample: a site's traffic this month and the month before. */
export const analyticsSampleSchema = z.object({
  siteInfo: z.object({ domain: z.string(), siteId: z.string(), trackingSince: z.string() }),
  visitorMetrics: visitorMetricsSchema.extend({ previousMonth: visitorMetricsSchema }),
  trafficSources: z.object({
    sources: z.array(z.object({ name: z.string(), percentage: z.number() })),
  }),
  dailyVisits: z.object({ data: z.array(z.object({ date: z.string(), visitors: z.number() })) }),
  popularPages: z.object({
    /** `avgTimeOnPage` in seconds. */
    pages: z.array(z.object({ path: z.string(), views: z.number(), avgTimeOnPage: z.number() })),
  }),
  deviceBreakdown: z.object({
    devices: z.array(z.object({ type: z.string(), percentage: z.number() })),
  }),
});
export type AnalyticsSample = z.infer<typeof analyticsSampleSchema>;
export type VisitorMetrics = z.infer<typeof visitorMetricsSchema>;

const socialMetricsSchema = z.object({
  followers: z.number(),
  /** Engagement rate in %. */
  engagement: z.number(),
  reach: z.number(),
  impressions: z.number(),
});

/** One platform of the `social` sample. */
const socialPlatformSchema = z.object({
  name: z.string(),
  accountInfo: z.object({
    username: z.string(),
    displayName: z.string(),
    createdAt: z.string(),
    type: z.string(),
    verified: z.boolean(),
  }),
  metrics: socialMetricsSchema,
  previousPeriod: socialMetricsSchema,
  dailyEngagement: z.array(z.object({ date: z.string(), value: z.number() })),
  demographics: z.array(z.object({ age: z.string(), percentage: z.number() })),
  engagementBreakdown: z.array(
    z.object({ type: z.string(), count: z.number(), percentage: z.number() }),
  ),
  topPosts: z.array(
    z.object({
      content: z.string(),
      date: z.string(),
      likes: z.number(),
      comments: z.number(),
      shares: z.number(),
    }),
  ),
  /** `engagement` in %. */
  contentCategories: z.array(
    z.object({ name: z.string(), postCount: z.number(), engagement: z.number() }),
  ),
});

/** The body of the `social` sample: social media accounts with their metrics. */
export const socialSampleSchema = z.object({ platforms: z.array(socialPlatformSchema) });
export type SocialSample = z.infer<typeof socialSampleSchema>;
export type SocialPlatform = z.infer<typeof socialPlatformSchema>;
export type SocialMetrics = z.infer<typeof socialMetricsSchema>;

/**
 * The answer of each sample API, by code. Objects keep their keys in the order the templates
 * write them, and unknown keys are dropped when a body is parsed.
 */
export const sampleBodySchemas = {
  weather: weatherSampleSchema,
  banking: bankingSampleSchema,
  analytics: analyticsSampleSchema,
  social: socialSampleSchema,
} as const satisfies Record<SampleCode, z.ZodType>;

/** The answer of the sample API `C`. */
export type SampleBody<C extends SampleCode> = z.infer<(typeof sampleBodySchemas)[C]>;

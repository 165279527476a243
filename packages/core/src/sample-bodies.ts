/**
 * The bodies of the showcase's sample APIs (`samples.ts`), as the spec shapes them (section 3):
 * the web reads a live body with them (loading this module with the body, not with the page)
 * and types its widgets from them, and the tests check the generated bodies against them.
 */

import type { SampleCode } from './samples.ts';
import { z } from './schemas/zod.ts';

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

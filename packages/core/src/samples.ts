/**
 * The public sample APIs of the showcase (/examples): official templates the server creates at
 * start and serves like any other API at /backend/apitemplate/get/{code}, each body finished by
 * the sample's story (`sample-stories.ts`), which makes its parts agree. Their bodies have exactly
 * the sample shapes of the spec (section 3), which `sample-bodies.ts` states once. Plain data
 * only, no catalogue and no schema, so the web can show the same templates in its how-to without
 * loading faker or the validation library.
 */

import type { HttpMethod } from './http.ts';
import type { JsonObject } from './json.ts';

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

export type {
  AnalyticsSample,
  BankAccount,
  BankingSample,
  BankTransaction,
  SampleBody,
  SavingsGoal,
  SocialMetrics,
  SocialPlatform,
  SocialSample,
  VisitorMetrics,
  WeatherDay,
  WeatherSample,
} from './sample-bodies.ts';

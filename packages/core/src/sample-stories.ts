/**
 * The stories of the sample APIs: what makes one sample body a single coherent story (one city's
 * weather, one customer's money, one site's traffic, one person's accounts on the spec's
 * platforms), where its template alone cannot say it.
 * A template's values are drawn apart from each other, and the template language has no way to
 * tie one part of a body to another. So the template generates the parts, and the sample's story,
 * a finishing step on the same random stream (`CompileOptions.finish`), makes them agree: the
 * same seed still gives the same body. The server serves the official sample APIs with their
 * story. Stories build new objects and never change the generated body in place.
 */
import { pageViewsFor, previousMonth } from './data-types/groups/analytics.ts';
import { platformAnalytics } from './data-types/groups/social.ts';
import { weatherReport } from './data-types/groups/weather.ts';
import type { JsonValue } from './json.ts';
import type { Random } from './random.ts';
import {
  type AnalyticsSample,
  BANKING_CURRENCIES,
  type BankAccount,
  type BankingSample,
  getSampleApi,
  type SampleCode,
  SOCIAL_PLATFORMS,
  type SocialSample,
  type WeatherSample,
} from './samples.ts';
import { type CompiledTemplate, compileTemplate, type Finish } from './template/compile.ts';

/**
 * Weather: the current weather and the forecast are those of the location's city, the current
 * weather following its climate and the forecast starting from the current temperature.
 */
const weatherStory: Finish = (body, ctx) => {
  const { location } = body as WeatherSample;
  return weatherReport(ctx, location.city);
};

/** A whole number of cents: sums of amounts in cents have no binary rounding errors. */
function cents(amount: number): number {
  return Math.round(amount * 100);
}

/** `amount` rounded up to a round figure: a multiple of 500 below 5,000, of 1,000 from there. */
function roundUp(amount: number): number {
  const step = amount < 5000 ? 500 : 1000;
  return Math.max(step, Math.ceil(amount / step) * step);
}

/** A credit card's limit for a balance owed: a round figure from 1.25 to 3 times the balance. */
function creditLimit(random: Random, owed: number): number {
  return roundUp(owed * random.float(1.25, 3, 2));
}

/** Spending categories with one entry per name, the amounts of a repeated name added up. */
function mergeCategories(categories: BankingSample['insights']['monthlySpending']['categories']) {
  const byName = new Map<string, number>();
  for (const { name, amount } of categories) {
    byName.set(name, (byName.get(name) ?? 0) + cents(amount));
  }
  return [...byName].map(([name, total]) => ({ name, amount: total / 100 }));
}

/**
 * Banking: one customer banks in one currency, USD, EUR or GBP (so its accounts and every
 * transaction share it). The credit card's limit is a round figure above its balance owed. Each
 * transaction is one of the customer's accounts', newest first. The month's spending is the sum
 * of its categories (one per name), and the savings goal is that of the savings account: its
 * balance saved, a round target above it, the progress their ratio.
 */
const bankingStory: Finish = (body, ctx) => {
  const { random } = ctx;
  const sample = body as BankingSample;
  const currency = random.pick(BANKING_CURRENCIES);
  const accounts: BankAccount[] = sample.accounts.map((account) => ({
    ...account,
    currency,
    limit: account.type === 'credit' ? creditLimit(random, account.balance) : account.limit,
  }));
  const transactions = sample.transactions
    .map((tx) => ({ ...tx, currency, accountId: random.pick(accounts).id }))
    .sort((a, b) => b.date.localeCompare(a.date));
  const categories = mergeCategories(sample.insights.monthlySpending.categories);
  const spent = categories.reduce((sum, category) => sum + cents(category.amount), 0);
  const saved = accounts.find((account) => account.type === 'savings')?.balance;
  const goal = sample.insights.savingsGoal;
  const current = saved ?? goal.current;
  const target = roundUp(current * random.float(1.2, 3, 2));
  return {
    customerInfo: sample.customerInfo,
    accounts,
    transactions,
    insights: {
      monthlySpending: { total: spent / 100, categories },
      savingsGoal: { target, current, progress: Math.round((current / target) * 1000) / 10 },
    },
  };
};

/**
 * Analytics: one site's month. Its page views follow its visitors (1.5 to 4.5 pages each), the
 * month before differs by a plausible change (see `previousMonth`), the seven daily counts average
 * a thirtieth of the month's visitors, the popular pages share 30 to 60 % of the site's page
 * views between them, and no page holds visitors longer than a whole session does on average.
 */
const analyticsStory: Finish = (body, ctx) => {
  const { random } = ctx;
  const sample = body as AnalyticsSample;
  const { totalVisitors, bounceRate, avgSessionDuration } = sample.visitorMetrics;
  const month = {
    totalVisitors,
    bounceRate,
    avgSessionDuration,
    pageViews: pageViewsFor(random, totalVisitors),
  };
  const days = sample.dailyVisits.data;
  const drawnPerDay = days.reduce((sum, day) => sum + day.visitors, 0) / Math.max(1, days.length);
  const perDay = totalVisitors / 30 / Math.max(1, drawnPerDay);
  const pages = sample.popularPages.pages;
  const drawnViews = pages.reduce((sum, page) => sum + page.views, 0);
  const perView = (month.pageViews * random.float(0.3, 0.6, 3)) / Math.max(1, drawnViews);
  return {
    siteInfo: sample.siteInfo,
    visitorMetrics: { ...month, previousMonth: previousMonth(random, month) },
    trafficSources: sample.trafficSources,
    dailyVisits: {
      data: days.map((day) => ({
        ...day,
        visitors: Math.max(1, Math.round(day.visitors * perDay)),
      })),
    },
    popularPages: {
      // Rounded down, views keep their order and stay within the share.
      pages: pages.map((page) => ({
        ...page,
        views: Math.max(1, Math.floor(page.views * perView)),
        avgTimeOnPage:
          page.avgTimeOnPage <= avgSessionDuration
            ? page.avgTimeOnPage
            : Math.round(avgSessionDuration * random.float(0.4, 0.95, 2)),
      })),
    },
    deviceBreakdown: sample.deviceBreakdown,
  };
};

/**
 * Social: the accounts are on exactly the spec's platforms, Twitter, Facebook and Instagram, in
 * that order. The template draws 2 to 5 platforms of five; each of the three it drew is kept, and
 * each it did not is drawn for its platform.
 */
const socialStory: Finish = (body, ctx) => {
  const { platforms } = body as SocialSample;
  return {
    platforms: SOCIAL_PLATFORMS.map(
      (name) =>
        platforms.find((platform) => platform.name === name) ?? platformAnalytics(ctx, name),
    ),
  };
};

/** The story of each sample API. */
export const SAMPLE_STORIES: Readonly<Record<SampleCode, Finish>> = {
  weather: weatherStory,
  banking: bankingStory,
  analytics: analyticsStory,
  social: socialStory,
};

/** The story of the sample API with this request id; undefined for any other id. */
export function sampleStory(requestId: string): Finish | undefined {
  return Object.hasOwn(SAMPLE_STORIES, requestId)
    ? SAMPLE_STORIES[requestId as SampleCode]
    : undefined;
}

/**
 * A sample's template compiled with its story: the generator of the sample API's bodies, as the
 * server serves them. Throws if the template is invalid (a bug of ours).
 */
export function compileSample(code: SampleCode): CompiledTemplate {
  const compiled = compileTemplate(getSampleApi(code).template as JsonValue, {
    mode: 'full',
    finish: SAMPLE_STORIES[code],
  });
  if (!compiled.ok) throw new Error(`Sample ${code} is invalid: ${compiled.errors[0]?.message}`);
  return compiled.value;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONDITION_DESCRIPTIONS,
  FORECAST_RANGE,
  SNOWY_DESCRIPTIONS,
} from './data-types/groups/weather.ts';
import { type SampleBody, sampleBodySchemas } from './sample-bodies.ts';
import { compileSample } from './sample-stories.ts';
import { BANKING_CURRENCIES, SAMPLE_CODES, type SampleCode, SOCIAL_PLATFORMS } from './samples.ts';

/** Any seed a caller may give: a number or the text of the `seed` query parameter. */
const seed = fc.oneof(fc.integer(), fc.string({ maxLength: 12 }));
/** Any moment from 2000 to 2100: every season, every hour of the day. */
const now = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });

const RUNS = { numRuns: 300 };
const DAY_MS = 86_400_000;
/** Room for the binary representation of one-decimal numbers. */
const EPSILON = 1e-9;

/** The body of a sample API as the server serves it, checked against the sample's shape. */
function sampleBody<C extends SampleCode>(
  code: C,
  options: { seed: number | string; now: number },
) {
  const body = compileSample(code).generate(options);
  return sampleBodySchemas[code].parse(body) as SampleBody<C>;
}

describe('every sample', () => {
  it('is one body per seed: the same seed gives the same answer', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SAMPLE_CODES), seed, now, (code, s, n) => {
        const a = JSON.stringify(compileSample(code).generate({ seed: s, now: n }));
        expect(JSON.stringify(compileSample(code).generate({ seed: s, now: n }))).toBe(a);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the weather sample', () => {
  it('forecasts highs and lows within 6 °C of the current temperature, low at most high', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { current, forecast } = sampleBody('weather', { seed: s, now: n });
        expect(forecast).toHaveLength(5);
        for (const day of forecast) {
          expect(day.temp_low).toBeLessThanOrEqual(day.temp_high);
          for (const temp of [day.temp_high, day.temp_low]) {
            expect(Math.abs(temp - current.temp)).toBeLessThanOrEqual(FORECAST_RANGE + EPSILON);
          }
        }
      }),
      RUNS,
    );
  });

  it('forecasts the five days after the current date', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { current, forecast } = sampleBody('weather', { seed: s, now: n });
        const today = Date.parse(current.date);
        forecast.forEach((day, i) => {
          expect(Date.parse(day.date)).toBe(today + (i + 1) * DAY_MS);
        });
      }),
      RUNS,
    );
  });

  it('describes the current weather by its condition, one of the four the widget draws', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { current, forecast } = sampleBody('weather', { seed: s, now: n });
        const conditions = Object.keys(CONDITION_DESCRIPTIONS);
        for (const day of forecast) expect(conditions).toContain(day.condition);
        const descriptions = CONDITION_DESCRIPTIONS[current.condition as 'sunny'];
        expect(descriptions, current.condition).toBeDefined();
        const snowy = current.condition === 'rainy' ? SNOWY_DESCRIPTIONS : [];
        expect([...descriptions, ...snowy]).toContain(current.description);
      }),
      RUNS,
    );
  });
});

describe('the banking sample', () => {
  it('keeps one customer in one currency, USD, EUR or GBP, accounts and transactions alike', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { accounts, transactions } = sampleBody('banking', { seed: s, now: n });
        const currencies = new Set([...accounts, ...transactions].map((item) => item.currency));
        expect(currencies.size).toBe(1);
        expect(BANKING_CURRENCIES).toContain([...currencies][0]);
      }),
      RUNS,
    );
  });

  it("books each transaction on one of the customer's accounts, in its currency", () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { accounts, transactions } = sampleBody('banking', { seed: s, now: n });
        const byId = new Map(accounts.map((account) => [account.id, account]));
        for (const tx of transactions) {
          const account = byId.get(tx.accountId);
          expect(account, tx.accountId).toBeDefined();
          expect(tx.currency).toBe(account?.currency);
        }
      }),
      RUNS,
    );
  });

  it('gives the credit card a round limit above its balance owed, and no other account one', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { accounts } = sampleBody('banking', { seed: s, now: n });
        for (const account of accounts) {
          if (account.type !== 'credit') {
            expect(account.limit).toBeNull();
            expect(account.dueDate).toBeNull();
            continue;
          }
          expect(account.limit).not.toBeNull();
          const limit = account.limit ?? 0;
          expect(limit).toBeGreaterThanOrEqual(account.balance);
          expect(limit % 500).toBe(0);
          expect(Date.parse(account.dueDate ?? '')).toBeGreaterThan(n);
        }
      }),
      RUNS,
    );
  });

  it('lists transactions newest first', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const dates = sampleBody('banking', { seed: s, now: n }).transactions.map((tx) => tx.date);
        expect(dates).toEqual([...dates].sort().reverse());
      }),
      RUNS,
    );
  });

  it("adds up the month's spending, one category per name", () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { monthlySpending } = sampleBody('banking', { seed: s, now: n }).insights;
        const names = monthlySpending.categories.map((category) => category.name);
        expect(new Set(names).size).toBe(names.length);
        const cents = monthlySpending.categories.reduce(
          (sum, category) => sum + Math.round(category.amount * 100),
          0,
        );
        expect(monthlySpending.total).toBe(cents / 100);
      }),
      RUNS,
    );
  });

  it('saves towards a round target above the savings balance, progress being their ratio', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { accounts, insights } = sampleBody('banking', { seed: s, now: n });
        const goal = insights.savingsGoal;
        expect(goal.current).toBe(accounts.find((account) => account.type === 'savings')?.balance);
        expect(goal.target).toBeGreaterThan(goal.current);
        expect(goal.target % 500).toBe(0);
        // Rounded to one decimal.
        const ratio = (goal.current / goal.target) * 100;
        expect(Math.abs(goal.progress - ratio)).toBeLessThanOrEqual(0.05 + EPSILON);
      }),
      RUNS,
    );
  });
});

describe('the analytics sample', () => {
  /** The month-over-month change of a figure, as the widget shows it: (now − before) ÷ before. */
  const change = (current: number, previous: number) => (current - previous) / previous;

  it('counts at least one page view per visitor, this month and the month before', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const metrics = sampleBody('analytics', { seed: s, now: n }).visitorMetrics;
        for (const month of [metrics, metrics.previousMonth]) {
          expect(month.pageViews).toBeGreaterThanOrEqual(month.totalVisitors);
        }
      }),
      RUNS,
    );
  });

  it("gives the popular pages together no more views than the site's, most viewed first", () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const body = sampleBody('analytics', { seed: s, now: n });
        const views = body.popularPages.pages.map((page) => page.views);
        expect(views.reduce((sum, v) => sum + v, 0)).toBeLessThanOrEqual(
          body.visitorMetrics.pageViews,
        );
        expect(views).toEqual([...views].sort((a, b) => b - a));
      }),
      RUNS,
    );
  });

  it('changes every figure by -30 %..+60 % against the month before', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const metrics = sampleBody('analytics', { seed: s, now: n }).visitorMetrics;
        const previous = metrics.previousMonth;
        for (const key of [
          'totalVisitors',
          'bounceRate',
          'avgSessionDuration',
          'pageViews',
        ] as const) {
          const value = change(metrics[key], previous[key]);
          expect(value, key).toBeGreaterThanOrEqual(-0.3);
          expect(value, key).toBeLessThanOrEqual(0.6);
        }
      }),
      RUNS,
    );
  });

  it('keeps the bounce rate within 20..80 % and the shares adding up to 100 %', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const body = sampleBody('analytics', { seed: s, now: n });
        for (const month of [body.visitorMetrics, body.visitorMetrics.previousMonth]) {
          expect(month.bounceRate).toBeGreaterThanOrEqual(20);
          expect(month.bounceRate).toBeLessThanOrEqual(80);
        }
        for (const shares of [body.trafficSources.sources, body.deviceBreakdown.devices]) {
          expect(shares.reduce((sum, share) => sum + share.percentage, 0)).toBeCloseTo(100, 6);
        }
      }),
      RUNS,
    );
  });

  it("counts daily visitors around a thirtieth of the month's", () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const body = sampleBody('analytics', { seed: s, now: n });
        const days = body.dailyVisits.data;
        expect(days).toHaveLength(7);
        const perDay = days.reduce((sum, day) => sum + day.visitors, 0) / days.length;
        const expected = body.visitorMetrics.totalVisitors / 30;
        expect(perDay).toBeGreaterThanOrEqual(expected * 0.5);
        expect(perDay).toBeLessThanOrEqual(expected * 1.5);
      }),
      RUNS,
    );
  });

  it('keeps no page longer on average than a whole session', () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const body = sampleBody('analytics', { seed: s, now: n });
        for (const page of body.popularPages.pages) {
          expect(page.avgTimeOnPage).toBeLessThanOrEqual(body.visitorMetrics.avgSessionDuration);
        }
      }),
      RUNS,
    );
  });
});

describe('the social sample', () => {
  it("has exactly the spec's platforms, in the selector's order: Twitter, Facebook, Instagram", () => {
    fc.assert(
      fc.property(seed, now, (s, n) => {
        const { platforms } = sampleBody('social', { seed: s, now: n });
        expect(platforms.map((platform) => platform.name)).toEqual([...SOCIAL_PLATFORMS]);
      }),
      RUNS,
    );
  });
});

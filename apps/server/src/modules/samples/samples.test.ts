import { showcaseKeys } from '@mocksmith/core/testing/showcase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (code: string) => {
  const res = await t.app.inject(`/backend/apitemplate/get/${code}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  return res.json();
};
const keys = (value: object) => Object.keys(value);

describe('the official sample APIs', () => {
  it('weather has the showcase shape, with five forecast days', async () => {
    const body = await get('weather');
    const shape = showcaseKeys.weather;
    expect(keys(body)).toEqual(shape.root);
    expect(keys(body.location)).toEqual(shape.location);
    expect(keys(body.location.coordinates)).toEqual(shape.coordinates);
    expect(keys(body.current)).toEqual(shape.current);
    expect(body.forecast).toHaveLength(5);
    for (const day of body.forecast) {
      expect(keys(day)).toEqual(shape.forecastDay);
      expect(['sunny', 'partly_cloudy', 'cloudy', 'rainy']).toContain(day.condition);
    }
  });

  it('banking has the showcase shape, with sample_ descriptions', async () => {
    const body = await get('banking');
    expect(keys(body)).toEqual(['customerInfo', 'accounts', 'transactions', 'insights']);
    expect(keys(body.customerInfo)).toEqual(['name', 'customerId', 'memberSince']);
    for (const account of body.accounts) {
      expect(keys(account)).toEqual([
        'id',
        'type',
        'balance',
        'currency',
        'limit',
        'dueDate',
        'lastUpdated',
      ]);
    }
    expect(body.accounts.map((a: { type: string }) => a.type)).toEqual([
      'checking',
      'savings',
      'credit',
    ]);
    expect(body.transactions.length).toBeGreaterThanOrEqual(5);
    for (const tx of body.transactions) {
      expect(keys(tx)).toEqual([
        'id',
        'date',
        'description',
        'amount',
        'currency',
        'category',
        'accountId',
      ]);
      expect(tx.description).toMatch(/^sample_/);
    }
    expect(keys(body.insights)).toEqual(['monthlySpending', 'savingsGoal']);
    expect(keys(body.insights.monthlySpending)).toEqual(['total', 'categories']);
    expect(keys(body.insights.monthlySpending.categories[0])).toEqual(['name', 'amount']);
    expect(keys(body.insights.savingsGoal)).toEqual(['target', 'current', 'progress']);
  });

  it('answers with the sample stories: one currency for banking, the spec platforms for social', async () => {
    const banking = await get('banking');
    const currencies = new Set(
      [...banking.accounts, ...banking.transactions].map((item) => item.currency),
    );
    expect(currencies.size).toBe(1);
    const social = await get('social');
    expect(social.platforms.map((p: { name: string }) => p.name)).toEqual([
      'Twitter',
      'Facebook',
      'Instagram',
    ]);
  });

  it('analytics has the showcase shape, with seven daily visits', async () => {
    const body = await get('analytics');
    const shape = showcaseKeys.analytics;
    expect(keys(body)).toEqual(shape.root);
    expect(keys(body.siteInfo)).toEqual(shape.siteInfo);
    const metrics = shape.metrics;
    expect(keys(body.visitorMetrics)).toEqual([...metrics, 'previousMonth']);
    expect(keys(body.visitorMetrics.previousMonth)).toEqual(metrics);
    expect(keys(body.trafficSources.sources[0])).toEqual(['name', 'percentage']);
    expect(body.dailyVisits.data).toHaveLength(7);
    expect(keys(body.dailyVisits.data[0])).toEqual(['date', 'visitors']);
    expect(keys(body.popularPages.pages[0])).toEqual(['path', 'views', 'avgTimeOnPage']);
    expect(keys(body.deviceBreakdown.devices[0])).toEqual(['type', 'percentage']);
  });

  it('social has the showcase shape', async () => {
    const body = await get('social');
    expect(keys(body)).toEqual(['platforms']);
    for (const platform of body.platforms) {
      const shape = showcaseKeys.social;
      expect(keys(platform)).toEqual(shape.platform);
      expect(keys(platform.accountInfo)).toEqual(shape.accountInfo);
      expect(keys(platform.metrics)).toEqual(shape.metrics);
      expect(keys(platform.previousPeriod)).toEqual(keys(platform.metrics));
      expect(keys(platform.topPosts[0])).toEqual(shape.topPost);
      expect(keys(platform.contentCategories[0])).toEqual(shape.contentCategory);
    }
  });

  it('is also served by the /api form', async () => {
    expect((await t.app.inject('/api/weather')).statusCode).toBe(200);
  });
});

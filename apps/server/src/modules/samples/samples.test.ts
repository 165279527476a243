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
    expect(keys(body)).toEqual(['location', 'current', 'forecast']);
    expect(keys(body.location)).toEqual(['city', 'country', 'coordinates']);
    expect(keys(body.location.coordinates)).toEqual(['lat', 'lon']);
    expect(keys(body.current)).toEqual([
      'date',
      'day',
      'temp',
      'feels_like',
      'humidity',
      'wind_speed',
      'wind_direction',
      'description',
      'condition',
    ]);
    expect(body.forecast).toHaveLength(5);
    for (const day of body.forecast) {
      expect(keys(day)).toEqual(['date', 'day', 'temp_high', 'temp_low', 'condition']);
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

  it('analytics has the showcase shape, with seven daily visits', async () => {
    const body = await get('analytics');
    expect(keys(body)).toEqual([
      'siteInfo',
      'visitorMetrics',
      'trafficSources',
      'dailyVisits',
      'popularPages',
      'deviceBreakdown',
    ]);
    expect(keys(body.siteInfo)).toEqual(['domain', 'siteId', 'trackingSince']);
    const metrics = ['totalVisitors', 'bounceRate', 'avgSessionDuration', 'pageViews'];
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
      expect(keys(platform)).toEqual([
        'name',
        'accountInfo',
        'metrics',
        'previousPeriod',
        'dailyEngagement',
        'demographics',
        'engagementBreakdown',
        'topPosts',
        'contentCategories',
      ]);
      expect(keys(platform.accountInfo)).toEqual([
        'username',
        'displayName',
        'createdAt',
        'type',
        'verified',
      ]);
      expect(keys(platform.metrics)).toEqual(['followers', 'engagement', 'reach', 'impressions']);
      expect(keys(platform.previousPeriod)).toEqual(keys(platform.metrics));
      expect(keys(platform.topPosts[0])).toEqual([
        'content',
        'date',
        'likes',
        'comments',
        'shares',
      ]);
      expect(keys(platform.contentCategories[0])).toEqual(['name', 'postCount', 'engagement']);
    }
  });

  it('is also served by the /api form', async () => {
    expect((await t.app.inject('/api/weather')).statusCode).toBe(200);
  });
});

import { sampleBodySchemas } from '@mocksmith/core/sample-bodies';
import { showcaseKeys } from '@mocksmith/core/testing/showcase';
import { describe, expect, it } from 'vitest';
import { DEMO_ANALYTICS, DEMO_BANKING, DEMO_SOCIAL, DEMO_WEATHER } from './demo-data.ts';

const keys = (value: object) => Object.keys(value);

describe('the demonstration data', () => {
  it('has the shape of its sample, with nothing more', () => {
    const demos = {
      weather: DEMO_WEATHER,
      banking: DEMO_BANKING,
      analytics: DEMO_ANALYTICS,
      social: DEMO_SOCIAL,
    };
    for (const [code, demo] of Object.entries(demos)) {
      const schema = sampleBodySchemas[code as keyof typeof demos];
      // Parsing drops unknown keys: equal means the demonstration has exactly the sample's keys.
      expect(schema.parse(demo), code).toStrictEqual(demo);
    }
  });

  it('weather has the sample shape, with five forecast days of the four conditions', () => {
    expect(keys(DEMO_WEATHER)).toEqual(showcaseKeys.weather.root);
    expect(keys(DEMO_WEATHER.location)).toEqual(showcaseKeys.weather.location);
    expect(keys(DEMO_WEATHER.current)).toEqual(showcaseKeys.weather.current);
    expect(DEMO_WEATHER.forecast).toHaveLength(5);
    for (const day of DEMO_WEATHER.forecast)
      expect(keys(day)).toEqual(showcaseKeys.weather.forecastDay);
    expect(new Set(DEMO_WEATHER.forecast.map((d) => d.condition))).toEqual(
      new Set(['sunny', 'partly_cloudy', 'cloudy', 'rainy']),
    );
  });

  it('banking shows each currency symbol and a credit account with a limit', () => {
    expect(keys(DEMO_BANKING)).toEqual(['customerInfo', 'accounts', 'transactions', 'insights']);
    expect(DEMO_BANKING.accounts.map((a) => a.currency)).toEqual(['USD', 'EUR', 'GBP']);
    expect(DEMO_BANKING.accounts.find((a) => a.type === 'credit')?.limit).toBeGreaterThan(0);
  });

  it('analytics has the sample shape with seven daily visits', () => {
    expect(keys(DEMO_ANALYTICS)).toEqual(showcaseKeys.analytics.root);
    expect(keys(DEMO_ANALYTICS.visitorMetrics)).toEqual([
      ...showcaseKeys.analytics.metrics,
      'previousMonth',
    ]);
    expect(DEMO_ANALYTICS.dailyVisits.data).toHaveLength(7);
  });

  it('social has Twitter, Facebook and Instagram in the sample shape', () => {
    expect(DEMO_SOCIAL.platforms.map((p) => p.name)).toEqual(['Twitter', 'Facebook', 'Instagram']);
    for (const platform of DEMO_SOCIAL.platforms) {
      expect(keys(platform)).toEqual(showcaseKeys.social.platform);
      expect(keys(platform.accountInfo)).toEqual(showcaseKeys.social.accountInfo);
      expect(keys(platform.metrics)).toEqual(showcaseKeys.social.metrics);
      expect(platform.dailyEngagement).toHaveLength(7);
    }
  });
});

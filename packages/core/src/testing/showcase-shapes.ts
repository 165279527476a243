/**
 * The key lists of the showcase's sample shapes, read off the sample body schemas of
 * `samples.ts` (the one statement of those shapes), for tests that compare generated objects key
 * by key: the catalogue's showcase types and the server's sample APIs. Tests only.
 */
import type { z } from 'zod';
import {
  analyticsSampleSchema,
  socialSampleSchema,
  weatherSampleSchema,
} from '../sample-bodies.ts';

/** The keys of an object schema, in their order. */
function keysOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

const weather = weatherSampleSchema.shape;
const analytics = analyticsSampleSchema.shape;
const platform = socialSampleSchema.shape.platforms.element.shape;

/** The sample shapes of the spec's showcase (section 3) as ordered key lists. */
export const showcaseKeys = {
  weather: {
    root: keysOf(weatherSampleSchema),
    location: keysOf(weather.location),
    coordinates: keysOf(weather.location.shape.coordinates),
    current: keysOf(weather.current),
    forecastDay: keysOf(weather.forecast.element),
  },
  analytics: {
    root: keysOf(analyticsSampleSchema),
    siteInfo: keysOf(analytics.siteInfo),
    metrics: keysOf(analytics.visitorMetrics.shape.previousMonth),
  },
  social: {
    platform: keysOf(socialSampleSchema.shape.platforms.element),
    accountInfo: keysOf(platform.accountInfo),
    metrics: keysOf(platform.metrics),
    topPost: keysOf(platform.topPosts.element),
    contentCategory: keysOf(platform.contentCategories.element),
  },
} as const;

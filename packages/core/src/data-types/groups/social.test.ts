import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { drawValues, findType, TEST_NOW } from '../../testing/draw.ts';
import { showcaseKeys } from '../../testing/showcase-shapes.ts';
import { createContext } from '../context.ts';
import { socialTypes } from './social.ts';

const DAY = 86_400_000;
const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 11. */
const SAMPLE = { count: DRAWS, seed: 11 };
const PLATFORM_NAMES = ['Twitter', 'Facebook', 'Instagram', 'LinkedIn', 'YouTube'];
const AGE_GROUPS = ['13-17', '18-24', '25-34', '35-44', '45-54', '55+'];

/** A list of parts of a whole, each with its percentage. */
type Shares = { percentage: number }[];

interface Metrics {
  followers: number;
  engagement: number;
  reach: number;
  impressions: number;
}

interface PlatformData {
  name: string;
  accountInfo: Record<string, unknown>;
  metrics: Metrics;
  previousPeriod: Metrics;
  dailyEngagement: { date: string; value: number }[];
  demographics: { age: string; percentage: number }[];
  engagementBreakdown: { type: string; count: number; percentage: number }[];
  topPosts: Record<string, unknown>[];
  contentCategories: Record<string, unknown>[];
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function expectMetrics(metrics: Metrics): void {
  expect(Object.keys(metrics).sort()).toEqual(['engagement', 'followers', 'impressions', 'reach']);
  for (const key of ['followers', 'reach', 'impressions'] as const) {
    expect(Number.isInteger(metrics[key])).toBe(true);
    expect(metrics[key]).toBeGreaterThanOrEqual(0);
  }
  expect(metrics.engagement).toBeGreaterThan(0);
  expect(metrics.engagement).toBeLessThan(100);
  expect(Math.round(metrics.engagement * 100) / 100).toBe(metrics.engagement);
}

function expectPlatform(value: PlatformData): void {
  expect(Object.keys(value).sort()).toEqual([...showcaseKeys.social.platform].sort());
  expect(PLATFORM_NAMES).toContain(value.name);
  expect(Object.keys(value.accountInfo).sort()).toEqual(
    [...showcaseKeys.social.accountInfo].sort(),
  );
  expect(value.accountInfo.username).toMatch(/^@\w+$/);
  expect(typeof value.accountInfo.verified).toBe('boolean');
  expect(Date.parse(value.accountInfo.createdAt as string)).toBeLessThan(TEST_NOW);
  expectMetrics(value.metrics);
  expectMetrics(value.previousPeriod);

  expect(value.dailyEngagement).toHaveLength(7);
  value.dailyEngagement.forEach((day, i) => {
    expect(Object.keys(day).sort()).toEqual(['date', 'value']);
    expect(Number.isInteger(day.value)).toBe(true);
    if (i > 0) {
      const previous = value.dailyEngagement[i - 1]?.date as string;
      expect(Date.parse(day.date) - Date.parse(previous)).toBe(DAY);
    }
  });

  expect(value.demographics.map((group) => group.age)).toEqual(AGE_GROUPS);
  expect(sum(value.demographics.map((group) => group.percentage))).toBeCloseTo(100, 2);

  const breakdown = value.engagementBreakdown;
  expect(breakdown.map((entry) => entry.type)).toEqual(['Likes', 'Comments', 'Shares', 'Saves']);
  expect(sum(breakdown.map((entry) => entry.percentage))).toBeCloseTo(100, 2);
  const total = sum(breakdown.map((entry) => entry.count));
  for (const entry of breakdown) {
    expect(Number.isInteger(entry.count)).toBe(true);
    if (total > 0)
      expect(Math.abs(entry.percentage - (entry.count / total) * 100)).toBeLessThan(0.02);
  }

  expect(value.topPosts.length).toBeGreaterThan(0);
  const likes = breakdown[0]?.count ?? 0;
  expect(sum(value.topPosts.map((post) => post.likes as number))).toBeLessThanOrEqual(likes);
  for (const post of value.topPosts) {
    expect(Object.keys(post).sort()).toEqual(['comments', 'content', 'date', 'likes', 'shares']);
  }
  expect(value.contentCategories.length).toBeGreaterThan(0);
  for (const category of value.contentCategories) {
    expect(Object.keys(category).sort()).toEqual(['engagement', 'name', 'postCount']);
  }
}

describe('social types', () => {
  it('has exactly 42 types, all in the social category', () => {
    expect(socialTypes).toHaveLength(42);
    for (const type of socialTypes) {
      expect(type.category).toBe('social');
      expect(type.name).toMatch(/^(string|number|boolean|array|object)\.social\.[a-z][a-z0-9]*$/);
    }
  });

  it('gives platform analytics in exactly the dashboard shape', () => {
    const sample = { ...SAMPLE, count: 200 };
    for (const value of drawValues<PlatformData>(socialTypes, 'object.social.platform', sample))
      expectPlatform(value);
    expectPlatform(
      findType(socialTypes, 'object.social.platform').example as unknown as PlatformData,
    );
  });

  it('gives 2 to 5 distinct platforms', () => {
    const sample = { ...SAMPLE, count: 100 };
    for (const value of drawValues<PlatformData[]>(socialTypes, 'array.social.platforms', sample)) {
      expect(value.length).toBeGreaterThanOrEqual(2);
      expect(value.length).toBeLessThanOrEqual(5);
      expect(new Set(value.map((platform) => platform.name)).size).toBe(value.length);
      for (const platform of value) expectPlatform(platform);
    }
  });

  it('gives seven consecutive days of engagement ending yesterday', () => {
    for (const value of drawValues<{ date: string }[]>(
      socialTypes,
      'array.social.dailyengagement',
      SAMPLE,
    )) {
      expect(value.map((day) => day.date)).toEqual([
        '2025-12-25',
        '2025-12-26',
        '2025-12-27',
        '2025-12-28',
        '2025-12-29',
        '2025-12-30',
        '2025-12-31',
      ]);
    }
  });

  it('splits demographics and engagement into shares of 100', () => {
    for (const value of drawValues<Shares>(socialTypes, 'array.social.demographics', SAMPLE)) {
      expect(value).toHaveLength(6);
      expect(sum(value.map((group) => group.percentage))).toBeCloseTo(100, 2);
    }
    for (const value of drawValues<Shares>(
      socialTypes,
      'array.social.engagementbreakdown',
      SAMPLE,
    )) {
      expect(value).toHaveLength(4);
      expect(sum(value.map((entry) => entry.percentage))).toBeCloseTo(100, 2);
    }
  });

  it('sorts top posts by likes', () => {
    for (const value of drawValues<{ likes: number }[]>(
      socialTypes,
      'array.social.topposts',
      SAMPLE,
    )) {
      expect(value.length).toBeGreaterThanOrEqual(3);
      expect(value.length).toBeLessThanOrEqual(5);
      for (let i = 1; i < value.length; i++) {
        expect(value[i]?.likes).toBeLessThanOrEqual(value[i - 1]?.likes as number);
      }
    }
  });

  it('gives whole, non-negative counts', () => {
    const counts = [
      'followers',
      'following',
      'likes',
      'shares',
      'comments',
      'views',
      'reach',
      'impressions',
      'saves',
    ];
    for (const name of counts) {
      for (const value of drawValues<number>(socialTypes, `number.social.${name}`, SAMPLE)) {
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
      }
    }
    for (const value of drawValues<number>(socialTypes, 'number.social.engagementrate', SAMPLE)) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(10);
      expect(Math.round(value * 100) / 100).toBe(value);
    }
  });

  it('formats handles, hashtags, IDs and addresses', () => {
    for (const value of drawValues<string>(socialTypes, 'string.social.username', SAMPLE))
      expect(value).toMatch(/^@\w+$/);
    for (const value of drawValues<string>(socialTypes, 'string.social.mention', SAMPLE))
      expect(value).toMatch(/^@\w+$/);
    for (const value of drawValues<string>(socialTypes, 'string.social.hashtag', SAMPLE)) {
      expect(value).toMatch(/^#[A-Za-z0-9]+$/);
    }
    for (const value of drawValues<string[]>(socialTypes, 'array.social.hashtags', SAMPLE)) {
      expect(value.length).toBeGreaterThanOrEqual(2);
      expect(value.length).toBeLessThanOrEqual(6);
      expect(new Set(value).size).toBe(value.length);
    }
    for (const value of drawValues<string>(socialTypes, 'string.social.postid', SAMPLE))
      expect(value).toMatch(/^\d{19}$/);
    for (const value of drawValues<string>(socialTypes, 'string.social.profileurl', SAMPLE)) {
      expect(value).toMatch(/^https:\/\/[^\s]+$/);
    }
    for (const value of drawValues<string>(socialTypes, 'string.social.posturl', SAMPLE)) {
      expect(value).toMatch(/^https:\/\/[^\s]+$/);
    }
    for (const value of drawValues<string>(socialTypes, 'string.social.avatar', SAMPLE)) {
      expect(value).toMatch(/^https:\/\/[^\s]+$/);
    }
    for (const value of drawValues<string>(socialTypes, 'string.social.createdat', SAMPLE)) {
      expect(Date.parse(value)).toBeLessThan(TEST_NOW);
    }
    for (const value of drawValues<string>(socialTypes, 'string.social.posttype', SAMPLE)) {
      expect(['text', 'image', 'video', 'reel', 'story', 'poll']).toContain(value);
    }
  });

  it('writes varied, non-empty posts, comments and bios', () => {
    for (const name of ['string.social.post', 'string.social.comment', 'string.social.bio']) {
      const values = drawValues<string>(socialTypes, name, SAMPLE);
      for (const value of values) {
        expect(value.trim()).toBe(value);
        expect(value.length).toBeGreaterThan(3);
      }
      expect(new Set(values).size).toBeGreaterThan(DRAWS / 3);
    }
  });

  it('gives posts whose content carries their hashtags', () => {
    for (const value of drawValues<Record<string, unknown>>(
      socialTypes,
      'object.social.post',
      SAMPLE,
    )) {
      expect(Object.keys(value).sort()).toEqual(
        ['author', 'comments', 'content', 'createdAt', 'hashtags', 'id', 'likes', 'shares'].sort(),
      );
      for (const tag of value.hashtags as string[]) expect(value.content).toContain(tag);
      expect(Date.parse(value.createdAt as string)).toBeLessThan(TEST_NOW);
    }
  });

  it('gives the same values for the same seed', () => {
    const run = (seed: number) => {
      const c = createContext(createRandom(seed), TEST_NOW);
      return JSON.stringify(socialTypes.map((type) => [type.generate(c), type.generate(c)]));
    };
    expect(run(42)).toBe(run(42));
    expect(run(42)).not.toBe(run(43));
  });
});

import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { showcaseKeys } from '../../testing/showcase-shapes.ts';
import { analyticsTypes } from './analytics.ts';

const NOW = Date.UTC(2026, 0, 1, 15, 45);
const DAY_MS = 86_400_000;
/** How this file draws: at `NOW`, a quarter to four on the test day rather than its midnight. */
const SAMPLE = { now: NOW };

type Obj = Record<string, unknown>;

function decimals(value: number): number {
  return (String(value).split('.')[1] ?? '').length;
}

function checkShares(value: unknown, key: string, names: string[]): void {
  const list = value as Obj[];
  expect(list.map((s) => s[key]).sort()).toEqual([...names].sort());
  const total = list.reduce((sum, s) => sum + (s.percentage as number), 0);
  expect(Math.abs(total - 100)).toBeLessThan(0.01);
  for (const s of list) {
    expect(Object.keys(s).sort()).toEqual([key, 'percentage'].sort());
    expect(s.percentage as number).toBeGreaterThan(0);
    expect(decimals(s.percentage as number)).toBeLessThanOrEqual(2);
  }
}

const SOURCES = ['Direct', 'Organic Search', 'Social', 'Referral', 'Email', 'Paid Search'];
const DEVICES = ['Desktop', 'Mobile', 'Tablet'];

function checkDaily(value: unknown): void {
  const days = value as Obj[];
  expect(days).toHaveLength(7);
  days.forEach((day, i) => {
    expect(Object.keys(day).sort()).toEqual(['date', 'visitors']);
    expect(day.date).toBe(new Date(NOW - (6 - i) * DAY_MS).toISOString().slice(0, 10));
    expect(Number.isInteger(day.visitors)).toBe(true);
    expect(day.visitors as number).toBeGreaterThan(0);
  });
}

function checkPages(value: unknown): void {
  const pages = value as Obj[];
  expect(pages.length).toBeGreaterThanOrEqual(5);
  expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i] as Obj;
    expect(Object.keys(page).sort()).toEqual(['avgTimeOnPage', 'path', 'views']);
    expect(page.path).toMatch(/^\//);
    expect(Number.isInteger(page.views)).toBe(true);
    expect(Number.isInteger(page.avgTimeOnPage)).toBe(true);
    if (i > 0) expect(page.views as number).toBeLessThanOrEqual(pages[i - 1]?.views as number);
  }
}

const METRIC_KEYS = ['avgSessionDuration', 'bounceRate', 'pageViews', 'totalVisitors'];

function checkMetrics(value: unknown, extra: string[] = []): void {
  const m = value as Obj;
  expect(Object.keys(m).sort()).toEqual([...METRIC_KEYS, ...extra].sort());
  expect(Number.isInteger(m.totalVisitors)).toBe(true);
  expect(Number.isInteger(m.avgSessionDuration)).toBe(true);
  expect(m.pageViews as number).toBeGreaterThan(m.totalVisitors as number);
  expect(m.bounceRate as number).toBeGreaterThanOrEqual(20);
  expect(m.bounceRate as number).toBeLessThanOrEqual(80);
}

describe('analytics types', () => {
  it('site facts look right', () => {
    for (const v of drawValues(analyticsTypes, 'string.analytics.domain', SAMPLE))
      expect(v).toMatch(/^[a-z0-9-]+\.[a-z]{2,4}$/);
    for (const v of drawValues(analyticsTypes, 'string.analytics.siteid', SAMPLE)) {
      expect(v).toMatch(/^(UA-\d{8}-\d|G-[A-Z0-9]{10})$/);
    }
    for (const v of drawValues(analyticsTypes, 'string.analytics.trackingsince', SAMPLE)) {
      expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(v as string)).toBeLessThan(NOW);
    }
  });

  it('metrics are in range, whole where they are counts', () => {
    for (const v of drawValues(analyticsTypes, 'number.analytics.totalvisitors', SAMPLE))
      expect(Number.isInteger(v)).toBe(true);
    for (const v of drawValues(analyticsTypes, 'number.analytics.pageviews', SAMPLE))
      expect(Number.isInteger(v)).toBe(true);
    for (const v of drawValues(analyticsTypes, 'number.analytics.sessionduration', SAMPLE))
      expect(Number.isInteger(v)).toBe(true);
    for (const v of drawValues(analyticsTypes, 'number.analytics.bounce', SAMPLE)) {
      expect(v as number).toBeGreaterThanOrEqual(20);
      expect(v as number).toBeLessThanOrEqual(80);
      expect(decimals(v as number)).toBeLessThanOrEqual(2);
    }
    for (const v of drawValues(analyticsTypes, 'number.analytics.conversionrate', SAMPLE)) {
      expect(decimals(v as number)).toBeLessThanOrEqual(2);
    }
  });

  it('pagepath is a path and referrer a URL or direct', () => {
    for (const v of drawValues(analyticsTypes, 'string.analytics.pagepath', SAMPLE))
      expect(v).toMatch(/^\/[a-z0-9/-]*$/);
    for (const v of drawValues(analyticsTypes, 'string.analytics.referrer', SAMPLE))
      expect(v).toMatch(/^(direct|https:\/\/.+)$/);
  });

  it('trafficsources and devices add up to 100', () => {
    for (const v of drawValues(analyticsTypes, 'array.analytics.trafficsources', SAMPLE))
      checkShares(v, 'name', SOURCES);
    for (const v of drawValues(analyticsTypes, 'array.analytics.devices', SAMPLE))
      checkShares(v, 'type', DEVICES);
  });

  it('dailyvisits is seven consecutive dates ending today', () => {
    for (const v of drawValues(analyticsTypes, 'array.analytics.dailyvisits', SAMPLE))
      checkDaily(v);
  });

  it('popularpages is sorted by views, most viewed first', () => {
    for (const v of drawValues(analyticsTypes, 'array.analytics.popularpages', SAMPLE))
      checkPages(v);
  });

  it('complete has exactly the showcase shape', () => {
    for (const v of drawValues(analyticsTypes, 'object.analytics.complete', SAMPLE)) {
      const all = v as Obj;
      expect(Object.keys(all).sort()).toEqual([...showcaseKeys.analytics.root].sort());
      expect(Object.keys(all.siteInfo as Obj).sort()).toEqual([...showcaseKeys.analytics.siteInfo]);
      checkMetrics(all.visitorMetrics, ['previousMonth']);
      checkMetrics((all.visitorMetrics as Obj).previousMonth);
      expect(Object.keys(all.trafficSources as Obj)).toEqual(['sources']);
      checkShares((all.trafficSources as Obj).sources, 'name', SOURCES);
      expect(Object.keys(all.dailyVisits as Obj)).toEqual(['data']);
      checkDaily((all.dailyVisits as Obj).data);
      expect(Object.keys(all.popularPages as Obj)).toEqual(['pages']);
      checkPages((all.popularPages as Obj).pages);
      expect(Object.keys(all.deviceBreakdown as Obj)).toEqual(['devices']);
      checkShares((all.deviceBreakdown as Obj).devices, 'type', DEVICES);
    }
  });

  it('complete changes every figure by -30 %..+60 % against the month before', () => {
    for (const v of drawValues(analyticsTypes, 'object.analytics.complete', { count: 500 })) {
      const metrics = (v as Obj).visitorMetrics as Obj;
      const current = metrics as Record<string, number>;
      const previous = metrics.previousMonth as Record<string, number>;
      expect(previous.pageViews).toBeGreaterThanOrEqual(previous.totalVisitors ?? 0);
      for (const key of ['totalVisitors', 'bounceRate', 'avgSessionDuration', 'pageViews']) {
        const [now, before] = [current[key] ?? 0, previous[key] ?? 0];
        const change = (now - before) / before;
        expect(change, key).toBeGreaterThanOrEqual(-0.3);
        expect(change, key).toBeLessThanOrEqual(0.6);
      }
    }
  });

  it('is reproducible under a seed', () => {
    for (const d of analyticsTypes) {
      expect(
        JSON.stringify(drawValues(analyticsTypes, d.name, { ...SAMPLE, count: 20, seed: 42 })),
      ).toBe(
        JSON.stringify(drawValues(analyticsTypes, d.name, { ...SAMPLE, count: 20, seed: 42 })),
      );
    }
  });
});

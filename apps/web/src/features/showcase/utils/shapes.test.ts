import { getSampleApi, prepareTemplate, SAMPLE_CODES, sampleTemplateText } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { DEMO_ANALYTICS, DEMO_BANKING, DEMO_SOCIAL, DEMO_WEATHER } from '../data/demo-data.ts';
import {
  isAnalyticsBody,
  isBankingBody,
  isSocialBody,
  isWeatherBody,
  matchesShape,
} from './shapes.ts';

const guards = {
  weather: isWeatherBody,
  banking: isBankingBody,
  analytics: isAnalyticsBody,
  social: isSocialBody,
};

describe('matchesShape', () => {
  it('checks leaves, finite numbers and nullable leaves', () => {
    expect(matchesShape('a', 'string')).toBe(true);
    expect(matchesShape(1, 'string')).toBe(false);
    expect(matchesShape(Number.NaN, 'number')).toBe(false);
    expect(matchesShape(null, 'number|null')).toBe(true);
    expect(matchesShape(null, 'number')).toBe(false);
    expect(matchesShape(undefined, 'string|null')).toBe(false);
  });

  it('checks every item of an array and the listed keys of an object', () => {
    const shape = { list: [{ n: 'number' }] } as const;
    expect(matchesShape({ list: [{ n: 1 }, { n: 2, extra: true }], more: 1 }, shape)).toBe(true);
    expect(matchesShape({ list: [{ n: 1 }, { n: '2' }] }, shape)).toBe(false);
    expect(matchesShape({ list: {} }, shape)).toBe(false);
    expect(matchesShape([], { a: 'string' })).toBe(false);
    expect(matchesShape(null, { a: 'string' })).toBe(false);
  });
});

describe('the widget guards', () => {
  it('accept bodies of every sample template, whatever the seed', () => {
    for (const code of SAMPLE_CODES) {
      const prepared = prepareTemplate(sampleTemplateText(getSampleApi(code)), { mode: 'full' });
      if (!prepared.ok) throw new Error(code);
      for (let seed = 1; seed <= 20; seed++) {
        expect(guards[code](prepared.value.generate({ seed })), `${code} seed ${seed}`).toBe(true);
      }
    }
  });

  it('accept the demonstration data', () => {
    expect(isWeatherBody(DEMO_WEATHER)).toBe(true);
    expect(isBankingBody(DEMO_BANKING)).toBe(true);
    expect(isAnalyticsBody(DEMO_ANALYTICS)).toBe(true);
    expect(isSocialBody(DEMO_SOCIAL)).toBe(true);
  });

  it('refuse another body', () => {
    expect(isWeatherBody(DEMO_BANKING)).toBe(false);
    expect(isBankingBody({ ...DEMO_BANKING, accounts: 'none' })).toBe(false);
    expect(isAnalyticsBody({ error: 'Not Found' })).toBe(false);
    expect(isSocialBody({ platforms: [{ name: 'Twitter' }] })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { reviewTypes } from './review.ts';

const DRAWS = 400;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };

/** The first sentence of a review, which sets its tone. */
const opener = (text: string) => /^[^.!]*[.!]/.exec(text)?.[0] ?? '';

describe('review types', () => {
  it('gives ratings that are whole numbers from 1 to 5, mostly 4 and 5', () => {
    const ratings = drawValues<number>(reviewTypes, 'number.review.rating', SAMPLE);
    for (const rating of ratings) {
      expect(Number.isInteger(rating)).toBe(true);
      expect(rating).toBeGreaterThanOrEqual(1);
      expect(rating).toBeLessThanOrEqual(5);
    }
    expect(new Set(ratings)).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(ratings.filter((r) => r >= 4).length).toBeGreaterThan(DRAWS / 2);
  });

  it('gives average ratings with one decimal', () => {
    for (const average of drawValues<number>(reviewTypes, 'number.review.average', SAMPLE)) {
      expect(Math.round(average * 10) / 10).toBe(average);
      expect(average).toBeGreaterThanOrEqual(1);
      expect(average).toBeLessThanOrEqual(5);
    }
  });

  it('gives varied review texts of three sentences, each tone with its own openers', () => {
    const openers: Record<string, Set<string>> = {};
    for (const tone of ['positive', 'neutral', 'negative']) {
      const texts = drawValues<string>(reviewTypes, `string.review.${tone}`, SAMPLE);
      for (const text of texts) {
        expect(text).toMatch(/^[A-Z].*[.!]$/);
        expect(text.match(/[.!](\s|$)/g)?.length).toBe(3);
        expect(text).not.toMatch(/undefined| {2}/);
      }
      expect(new Set(texts).size).toBeGreaterThan(DRAWS * 0.9);
      openers[tone] = new Set(texts.map(opener));
    }
    const [positive = new Set(), neutral = new Set(), negative = new Set()] = [
      openers.positive,
      openers.neutral,
      openers.negative,
    ];
    for (const o of positive) {
      expect(neutral.has(o) || negative.has(o)).toBe(false);
    }
    for (const o of neutral) expect(negative.has(o)).toBe(false);
  });

  it('gives complete reviews whose text matches the rating', () => {
    const tones = Object.fromEntries(
      ['positive', 'neutral', 'negative'].map((tone) => [
        tone,
        new Set(drawValues<string>(reviewTypes, `string.review.${tone}`, SAMPLE).map(opener)),
      ]),
    );
    const reviews = drawValues<Record<string, unknown>>(
      reviewTypes,
      'object.review.complete',
      SAMPLE,
    );
    for (const review of reviews) {
      expect(Object.keys(review).sort()).toEqual(
        ['author', 'date', 'rating', 'text', 'title', 'verified'].sort(),
      );
      const rating = review.rating as number;
      expect(Number.isInteger(rating) && rating >= 1 && rating <= 5).toBe(true);
      const tone = rating >= 4 ? 'positive' : rating === 3 ? 'neutral' : 'negative';
      expect(tones[tone]?.has(opener(review.text as string)), `${rating}: ${review.text}`).toBe(
        true,
      );
      expect(review.author).toMatch(/^\S+ \S+/);
      expect(typeof review.title).toBe('string');
      expect(typeof review.verified).toBe('boolean');
      const date = review.date as string;
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(date <= '2026-01-01' && date >= '2025-01-01').toBe(true);
    }
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(reviewTypes.map((t) => drawValues(reviewTypes, t.name, { ...SAMPLE, seed })));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});

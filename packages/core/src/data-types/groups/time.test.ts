import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { drawValues, TEST_NOW } from '../../testing/draw.ts';
import { createContext } from '../context.ts';
import { timeTypes } from './time.ts';

const DAY = 86_400_000;
const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };

function expectWholeIn(values: number[], min: number, max: number): void {
  for (const value of values) {
    expect(Number.isInteger(value)).toBe(true);
    expect(value).toBeGreaterThanOrEqual(min);
    expect(value).toBeLessThanOrEqual(max);
  }
}

describe('time types', () => {
  it('has exactly 39 types, all in the time category', () => {
    expect(timeTypes).toHaveLength(39);
    for (const type of timeTypes) {
      expect(type.category).toBe('time');
      expect(type.name).toMatch(/^(string|number|boolean|array|object)\.time\.[a-z][a-z0-9]*$/);
    }
  });

  it('keeps calendar and clock numbers in range', () => {
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.hour', SAMPLE), 0, 23);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.minute', SAMPLE), 0, 59);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.second', SAMPLE), 0, 59);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.monthnumber', SAMPLE), 1, 12);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.dayofmonth', SAMPLE), 1, 31);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.dayofyear', SAMPLE), 1, 366);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.weeknumber', SAMPLE), 1, 53);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.year', SAMPLE), 1986, 2026);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.durationminutes', SAMPLE), 5, 480);
    expectWholeIn(drawValues<number>(timeTypes, 'number.time.durationseconds', SAMPLE), 1, 7200);
  });

  it('puts past moments before now and future moments after', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.past', SAMPLE))
      expect(Date.parse(value)).toBeLessThan(TEST_NOW);
    for (const value of drawValues<string>(timeTypes, 'string.time.future', SAMPLE)) {
      expect(Date.parse(value)).toBeGreaterThan(TEST_NOW);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.recent', SAMPLE)) {
      const ms = Date.parse(value);
      expect(ms).toBeLessThan(TEST_NOW);
      expect(ms).toBeGreaterThanOrEqual(TEST_NOW - 7 * DAY);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.soon', SAMPLE)) {
      const ms = Date.parse(value);
      expect(ms).toBeGreaterThan(TEST_NOW);
      expect(ms).toBeLessThanOrEqual(TEST_NOW + 7 * DAY);
    }
  });

  it('gives Unix timestamps in seconds and milliseconds of the past year', () => {
    for (const value of drawValues<number>(timeTypes, 'number.time.timestamp', SAMPLE)) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeLessThanOrEqual(TEST_NOW / 1000);
      expect(value).toBeGreaterThan(TEST_NOW / 1000 - 366 * 86_400);
    }
    for (const value of drawValues<number>(timeTypes, 'number.time.unixms', SAMPLE)) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeLessThanOrEqual(TEST_NOW);
      expect(value).toBeGreaterThan(TEST_NOW - 366 * DAY);
    }
  });

  it('formats dates and times as announced', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.iso', SAMPLE)) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.date', SAMPLE))
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const value of drawValues<string>(timeTypes, 'string.time.time', SAMPLE)) {
      expect(value).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.time12', SAMPLE)) {
      expect(value).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.datetimelocal', SAMPLE)) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.rfc2822', SAMPLE)) {
      expect(value).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Number.isNaN(Date.parse(value))).toBe(false);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.utcoffset', SAMPLE))
      expect(value).toMatch(/^[+-]\d{2}:\d{2}$/);
    for (const value of drawValues<string>(timeTypes, 'string.time.quarter', SAMPLE))
      expect(value).toMatch(/^Q[1-4]$/);
    for (const value of drawValues<string>(timeTypes, 'string.time.decade', SAMPLE)) {
      expect(value).toMatch(/^(19[5-9]|20[0-2])0s$/);
    }
    for (const value of drawValues<string>(timeTypes, 'string.time.timezone', SAMPLE))
      expect(value).toMatch(/^[A-Za-z_]+(\/|$)/);
  });

  it('writes ISO 8601 durations', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.duration', SAMPLE)) {
      expect(value).toMatch(/^P(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/);
      expect(value).not.toMatch(/^PT?$/);
    }
  });

  it('writes relative times in words', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.relative', SAMPLE)) {
      expect(value).toMatch(
        /^(just now|yesterday|tomorrow|(last|next) (week|month|year)|an? (second|minute|hour) ago|in an? (second|minute|hour)|\d+ \w+s ago|in \d+ \w+s)$/,
      );
    }
  });

  it('gives adult birth dates', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.birthdate', SAMPLE)) {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const age = 2026 - y - (m > 1 || (m === 1 && d > 1) ? 1 : 0);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(80);
    }
  });

  it('never gives a weekend as a business day', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.businessday', SAMPLE)) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const day = new Date(`${value}T00:00:00Z`).getUTCDay();
      expect(day).not.toBe(0);
      expect(day).not.toBe(6);
    }
  });

  it('gives ranges whose start is before their end', () => {
    for (const value of drawValues<{ start: string; end: string }>(
      timeTypes,
      'object.time.range',
      SAMPLE,
    )) {
      expect(Object.keys(value).sort()).toEqual(['end', 'start']);
      expect(Date.parse(value.start)).toBeLessThan(Date.parse(value.end));
    }
  });

  it('gives 3 to 7 distinct dates, oldest first', () => {
    for (const value of drawValues<string[]>(timeTypes, 'array.time.dates', SAMPLE)) {
      expect(value.length).toBeGreaterThanOrEqual(3);
      expect(value.length).toBeLessThanOrEqual(7);
      for (let i = 1; i < value.length; i++) {
        expect((value[i - 1] as string) < (value[i] as string)).toBe(true);
      }
    }
  });

  it('writes cron expressions with five fields', () => {
    for (const value of drawValues<string>(timeTypes, 'string.time.cron', SAMPLE)) {
      expect(value.split(' ')).toHaveLength(5);
      expect(value).toMatch(/^[0-9*/,-]+( [0-9*/,-]+){4}$/);
    }
  });

  it('gives the same values for the same seed', () => {
    const run = (seed: number) => {
      const c = createContext(createRandom(seed), TEST_NOW);
      return JSON.stringify(timeTypes.map((type) => [type.generate(c), type.generate(c)]));
    };
    expect(run(42)).toBe(run(42));
    expect(run(42)).not.toBe(run(43));
  });
});

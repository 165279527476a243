import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { createContext } from '../context.ts';
import type { DataType } from '../types.ts';
import { timeTypes } from './time.ts';

const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const DRAWS = 300;

function byName(name: string): DataType {
  const type = timeTypes.find((entry) => entry.name === name);
  if (!type) throw new Error(`no type ${name}`);
  return type;
}

/** `DRAWS` values of the named type, drawn under one seed. */
function draw(name: string, seed = 7): unknown[] {
  const type = byName(name);
  const c = createContext(createRandom(seed), NOW);
  return Array.from({ length: DRAWS }, () => type.generate(c));
}

function numbers(name: string): number[] {
  return draw(name) as number[];
}

function strings(name: string): string[] {
  return draw(name) as string[];
}

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
    expectWholeIn(numbers('number.time.hour'), 0, 23);
    expectWholeIn(numbers('number.time.minute'), 0, 59);
    expectWholeIn(numbers('number.time.second'), 0, 59);
    expectWholeIn(numbers('number.time.monthnumber'), 1, 12);
    expectWholeIn(numbers('number.time.dayofmonth'), 1, 31);
    expectWholeIn(numbers('number.time.dayofyear'), 1, 366);
    expectWholeIn(numbers('number.time.weeknumber'), 1, 53);
    expectWholeIn(numbers('number.time.year'), 1986, 2026);
    expectWholeIn(numbers('number.time.durationminutes'), 5, 480);
    expectWholeIn(numbers('number.time.durationseconds'), 1, 7200);
  });

  it('puts past moments before now and future moments after', () => {
    for (const value of strings('string.time.past')) expect(Date.parse(value)).toBeLessThan(NOW);
    for (const value of strings('string.time.future')) {
      expect(Date.parse(value)).toBeGreaterThan(NOW);
    }
    for (const value of strings('string.time.recent')) {
      const ms = Date.parse(value);
      expect(ms).toBeLessThan(NOW);
      expect(ms).toBeGreaterThanOrEqual(NOW - 7 * DAY);
    }
    for (const value of strings('string.time.soon')) {
      const ms = Date.parse(value);
      expect(ms).toBeGreaterThan(NOW);
      expect(ms).toBeLessThanOrEqual(NOW + 7 * DAY);
    }
  });

  it('gives Unix timestamps in seconds and milliseconds of the past year', () => {
    for (const value of numbers('number.time.timestamp')) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeLessThanOrEqual(NOW / 1000);
      expect(value).toBeGreaterThan(NOW / 1000 - 366 * 86_400);
    }
    for (const value of numbers('number.time.unixms')) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeLessThanOrEqual(NOW);
      expect(value).toBeGreaterThan(NOW - 366 * DAY);
    }
  });

  it('formats dates and times as announced', () => {
    for (const value of strings('string.time.iso')) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    for (const value of strings('string.time.date')) expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const value of strings('string.time.time')) {
      expect(value).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
    }
    for (const value of strings('string.time.time12')) {
      expect(value).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    }
    for (const value of strings('string.time.datetimelocal')) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
    for (const value of strings('string.time.rfc2822')) {
      expect(value).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(Number.isNaN(Date.parse(value))).toBe(false);
    }
    for (const value of strings('string.time.utcoffset'))
      expect(value).toMatch(/^[+-]\d{2}:\d{2}$/);
    for (const value of strings('string.time.quarter')) expect(value).toMatch(/^Q[1-4]$/);
    for (const value of strings('string.time.decade')) {
      expect(value).toMatch(/^(19[5-9]|20[0-2])0s$/);
    }
    for (const value of strings('string.time.timezone')) expect(value).toMatch(/^[A-Za-z_]+(\/|$)/);
  });

  it('writes ISO 8601 durations', () => {
    for (const value of strings('string.time.duration')) {
      expect(value).toMatch(/^P(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/);
      expect(value).not.toMatch(/^PT?$/);
    }
  });

  it('writes relative times in words', () => {
    for (const value of strings('string.time.relative')) {
      expect(value).toMatch(
        /^(just now|yesterday|tomorrow|(last|next) (week|month|year)|an? (second|minute|hour) ago|in an? (second|minute|hour)|\d+ \w+s ago|in \d+ \w+s)$/,
      );
    }
  });

  it('gives adult birth dates', () => {
    for (const value of strings('string.time.birthdate')) {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const age = 2026 - y - (m > 1 || (m === 1 && d > 1) ? 1 : 0);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(80);
    }
  });

  it('never gives a weekend as a business day', () => {
    for (const value of strings('string.time.businessday')) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const day = new Date(`${value}T00:00:00Z`).getUTCDay();
      expect(day).not.toBe(0);
      expect(day).not.toBe(6);
    }
  });

  it('gives ranges whose start is before their end', () => {
    for (const value of draw('object.time.range') as { start: string; end: string }[]) {
      expect(Object.keys(value).sort()).toEqual(['end', 'start']);
      expect(Date.parse(value.start)).toBeLessThan(Date.parse(value.end));
    }
  });

  it('gives 3 to 7 distinct dates, oldest first', () => {
    for (const value of draw('array.time.dates') as string[][]) {
      expect(value.length).toBeGreaterThanOrEqual(3);
      expect(value.length).toBeLessThanOrEqual(7);
      for (let i = 1; i < value.length; i++) {
        expect((value[i - 1] as string) < (value[i] as string)).toBe(true);
      }
    }
  });

  it('writes cron expressions with five fields', () => {
    for (const value of strings('string.time.cron')) {
      expect(value.split(' ')).toHaveLength(5);
      expect(value).toMatch(/^[0-9*/,-]+( [0-9*/,-]+){4}$/);
    }
  });

  it('gives the same values for the same seed', () => {
    const run = (seed: number) => {
      const c = createContext(createRandom(seed), NOW);
      return JSON.stringify(timeTypes.map((type) => [type.generate(c), type.generate(c)]));
    };
    expect(run(42)).toBe(run(42));
    expect(run(42)).not.toBe(run(43));
  });
});

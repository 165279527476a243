import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callsText,
  type DateStyle,
  formatDecimal,
  formatInteger,
  formatUtcDate,
} from './format.ts';

const RUNS = { numRuns: 2000, seed: 20261126 };

/** Numbers as the widgets get them: amounts, rates, counts, tiny and huge, ties and negatives. */
const numbers = fc.oneof(
  fc.double({ noNaN: true }),
  fc.double({ min: -1e7, max: 1e7, noNaN: true }),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 8),
  fc.constantFrom(0, -0, 0.5, 1.005, 2.675, -2.5, 999.995, 1e21, 1.5e300, Number.NaN),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);

describe('formatDecimal', () => {
  it('writes what Intl.NumberFormat en-US writes, for any number and digits', () => {
    fc.assert(
      fc.property(
        numbers,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (value, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const intl = new Intl.NumberFormat('en-US', {
            minimumFractionDigits: min,
            maximumFractionDigits: max,
          });
          expect(formatDecimal(value, max, min)).toBe(intl.format(value));
        },
      ),
      RUNS,
    );
  });

  it('writes the figures the pages show', () => {
    expect(formatInteger(100_000)).toBe('100,000');
    expect(formatDecimal(1234.5, 2, 2)).toBe('1,234.50');
    expect(formatDecimal(-0.04, 1)).toBe('-0');
    expect(formatDecimal(6.95, 1)).toBe(
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(6.95),
    );
  });
});

describe('formatUtcDate', () => {
  const OPTIONS: Record<DateStyle, [string, Intl.DateTimeFormatOptions]> = {
    short: ['en-US', { month: 'short', day: 'numeric', year: 'numeric' }],
    long: ['en-US', { month: 'long', day: 'numeric', year: 'numeric' }],
    'month-day': ['en-US', { month: 'short', day: 'numeric' }],
    british: ['en-GB', { day: 'numeric', month: 'long', year: 'numeric' }],
  };

  it('writes what Intl.DateTimeFormat writes in UTC, for any moment of 1000 to 9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...(Object.keys(OPTIONS) as DateStyle[])),
        (date, style) => {
          const [locale, options] = OPTIONS[style];
          const intl = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
          expect(formatUtcDate(date, style)).toBe(intl.format(date));
        },
      ),
      RUNS,
    );
  });
});

describe('callsText', () => {
  it('counts calls in words', () => {
    expect(callsText(1)).toBe('1 call');
    expect(callsText(1_234_567)).toBe('1,234,567 calls');
  });
});

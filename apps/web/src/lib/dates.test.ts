import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

const RUNS = { numRuns: 1000, seed: 20260301 };
const moments = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2200-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('formatDate', () => {
  it('writes a date as fr-FR does, in the reader zone or in UTC', () => {
    fc.assert(
      fc.property(moments, (date) => {
        expect(formatDate(date)).toBe(date.toLocaleDateString('fr-FR'));
        expect(formatDate(date.toISOString(), { zone: 'utc' })).toBe(
          date.toLocaleDateString('fr-FR', { timeZone: 'UTC' }),
        );
      }),
      RUNS,
    );
  });

  it('adds hours and minutes as fr-FR does, on the 24-hour clock', () => {
    fc.assert(
      fc.property(moments, (date) => {
        const intl = date.toLocaleString('fr-FR', {
          dateStyle: 'short',
          timeStyle: 'short',
          timeZone: 'UTC',
        });
        expect(formatDate(date, { time: true, zone: 'utc' })).toBe(intl);
      }),
      RUNS,
    );
  });

  it('keeps a calendar day on its day whatever the zone', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('2025-12-31T23:59:00.000Z', { zone: 'utc' })).toBe('31/12/2025');
    expect(formatDate('2025-12-31T21:45:00.000Z', { time: true, zone: 'utc' })).toBe(
      '31/12/2025 21:45',
    );
  });

  it('gives back a text that is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

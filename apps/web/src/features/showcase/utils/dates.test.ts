import { describe, expect, it } from 'vitest';
import { formatDate, formatDayLabel, formatLongDate } from './dates.ts';

describe('formatDate', () => {
  it('writes dates as the whole app does, moments in UTC, so a date is never the day before', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('2025-12-31T23:59:00.000Z')).toBe('31/12/2025');
  });

  it('gives back what is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatLongDate', () => {
  it('heads the weather with the day and the date', () => {
    expect(formatLongDate('Thursday', '2026-01-01')).toBe('Thursday, January 1, 2026');
    expect(formatLongDate('', '2026-01-01')).toBe('January 1, 2026');
  });
});

describe('formatDayLabel', () => {
  it('labels a chart day by month and day', () => {
    expect(formatDayLabel('2025-12-26')).toBe('Dec 26');
  });
});

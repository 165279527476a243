import { describe, expect, it } from 'vitest';
import { formatDate, formatDayLabel, formatLongDate } from './dates.ts';

describe('formatDate', () => {
  it('shows dates and moments in UTC, so a date is never the day before', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate('2025-12-31T23:59:00.000Z')).toBe('Dec 31, 2025');
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

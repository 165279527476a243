import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/dates.ts';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-03-14T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime', () => {
  it('says how long ago in the largest whole unit, singular or plural', () => {
    expect(relativeTime(before(59_999), NOW)).toBe('just now');
    expect(relativeTime(before(60_000), NOW)).toBe('1 minute ago');
    expect(relativeTime(before(59 * 60_000 + 59_999), NOW)).toBe('59 minutes ago');
    expect(relativeTime(before(3_600_000), NOW)).toBe('1 hour ago');
    expect(relativeTime(before(5 * 3_600_000 + 1), NOW)).toBe('5 hours ago');
    expect(relativeTime(before(86_400_000), NOW)).toBe('1 day ago');
    expect(relativeTime(before(29 * 86_400_000), NOW)).toBe('29 days ago');
  });

  it('gives the date past 30 days, and just now for a moment ahead of the clock', () => {
    const old = before(30 * 86_400_000);
    expect(relativeTime(old, NOW)).toBe(formatDate(old));
    expect(relativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now');
  });
});

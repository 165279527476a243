/** The words and numbers the analytics charts show. */
import { describe, expect, it } from 'vitest';
import { formatLatency, pointTime, shareOf } from './labels.ts';

describe('the analytics’ labels', () => {
  it('write latencies in ms under a second, in seconds from it', () => {
    expect(formatLatency(0.44)).toBe('0.4 ms');
    expect(formatLatency(35.25)).toBe('35.3 ms');
    expect(formatLatency(999.9)).toBe('999.9 ms');
    expect(formatLatency(1250)).toBe('1.25 s');
    expect(formatLatency(60_000)).toBe('60 s');
  });

  it('write shares to a tenth of a percent, 0 % of nothing', () => {
    expect(shareOf(1, 8)).toBe('12.5 %');
    expect(shareOf(25, 1234)).toBe('2 %');
    expect(shareOf(0, 0)).toBe('0 %');
  });

  it('write a day as its UTC date, whatever the reader’s zone', () => {
    expect(pointTime('2026-03-14T00:00:00.000Z', 'day')).toBe('14/03/2026');
  });
});

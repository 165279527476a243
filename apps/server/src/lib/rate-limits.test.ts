import { describe, expect, it } from 'vitest';
import { windowText } from './rate-limits.ts';

describe('windowText', () => {
  it('says a window in its largest whole unit', () => {
    expect(windowText(300)).toBe('5 minutes');
    expect(windowText(60)).toBe('1 minute');
    expect(windowText(90)).toBe('90 seconds');
    expect(windowText(1)).toBe('1 second');
    expect(windowText(3600)).toBe('1 hour');
    expect(windowText(7200)).toBe('2 hours');
    expect(windowText(86_400)).toBe('1 day');
    expect(windowText(900)).toBe('15 minutes');
  });
});

import { describe, expect, it } from 'vitest';
import { BANNER_MESSAGES, BANNER_ROTATION_MS } from '../constants.ts';
import { bannerIndexAt, nextBannerIndex } from './banner.ts';

describe('nextBannerIndex', () => {
  it('goes to the next message', () => {
    expect(nextBannerIndex(0, 4)).toBe(1);
    expect(nextBannerIndex(2, 4)).toBe(3);
  });

  it('wraps from the last message to the first', () => {
    expect(nextBannerIndex(3, 4)).toBe(0);
  });

  it('stays at 0 when there are no messages', () => {
    expect(nextBannerIndex(0, 0)).toBe(0);
  });
});

describe('bannerIndexAt', () => {
  it('shows each of the four messages for 4000 ms, then starts over', () => {
    expect(BANNER_ROTATION_MS).toBe(4000);
    expect(BANNER_MESSAGES).toHaveLength(4);
    const at = (ms: number) => bannerIndexAt(ms, BANNER_ROTATION_MS, BANNER_MESSAGES.length);
    expect(at(0)).toBe(0);
    expect(at(3999)).toBe(0);
    expect(at(4000)).toBe(1);
    expect(at(8000)).toBe(2);
    expect(at(12000)).toBe(3);
    expect(at(15999)).toBe(3);
    expect(at(16000)).toBe(0);
  });

  it('answers 0 for nonsense input', () => {
    expect(bannerIndexAt(-1, 4000, 4)).toBe(0);
    expect(bannerIndexAt(5000, 0, 4)).toBe(0);
    expect(bannerIndexAt(5000, 4000, 0)).toBe(0);
  });
});

describe('BANNER_MESSAGES', () => {
  it('announces custom endpoints, sorting, custom HTTP codes and upcoming pagination, in order', () => {
    expect(BANNER_MESSAGES[0]).toMatch(/custom endpoints/i);
    expect(BANNER_MESSAGES[1]).toMatch(/sorting/i);
    expect(BANNER_MESSAGES[2]).toMatch(/custom response HTTP codes/i);
    expect(BANNER_MESSAGES[3]).toMatch(/coming next: pagination/i);
  });
});

/**
 * The latency histogram: every latency lands in the bucket whose bounds hold it, and the
 * percentiles read back from counts fall in the bucket of the true percentile (so within one
 * bucket's width, about 27 %, of it).
 */
import { describe, expect, it } from 'vitest';
import {
  BUCKET_RATIO,
  bucketOf,
  bucketStart,
  emptyHistogram,
  LATENCY_BUCKETS,
  quantileOf,
} from './latency-histogram.ts';

/** The exact `q` quantile of sorted values (the value at rank ceil(q·n)). */
function exactQuantile(sorted: readonly number[], q: number): number {
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] as number;
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the latency histogram', () => {
  it('has 48 buckets from under 1 ms to 60 s and over, each about 27 % wider than the last', () => {
    expect(LATENCY_BUCKETS).toBe(48);
    expect(bucketStart(1)).toBe(1);
    expect(bucketStart(47)).toBe(60_000);
    expect(BUCKET_RATIO).toBeCloseTo(1.27, 2);
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.99)).toBe(0);
    expect(bucketOf(1)).toBe(1);
    expect(bucketOf(59_999)).toBe(46);
    expect(bucketOf(60_000)).toBe(47);
    expect(bucketOf(3_600_000)).toBe(47);
  });

  it('puts each latency in the bucket whose bounds hold it', () => {
    const next = random(7);
    for (let n = 0; n < 5_000; n++) {
      const ms = 10 ** (next() * 5.5 - 0.5);
      const index = bucketOf(ms);
      expect(ms).toBeGreaterThanOrEqual(bucketStart(index));
      if (index < LATENCY_BUCKETS - 1) expect(ms).toBeLessThan(bucketStart(index + 1));
    }
    // Each bound starts its own bucket.
    for (let index = 1; index < LATENCY_BUCKETS; index++) {
      expect(bucketOf(bucketStart(index))).toBe(index);
    }
  });

  it('reads p50, p95 and p99 within the bucket of the true value', () => {
    const next = random(42);
    for (const spread of [0.3, 1, 2]) {
      // Log-normal latencies around 40 ms (Box-Muller).
      const values = Array.from({ length: 20_000 }, () => {
        const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
        return 40 * Math.exp(spread * normal);
      }).sort((a, b) => a - b);
      const histogram = emptyHistogram();
      for (const ms of values) histogram[bucketOf(ms)] = (histogram[bucketOf(ms)] ?? 0) + 1;
      for (const q of [0.5, 0.95, 0.99]) {
        const exact = exactQuantile(values, q);
        const read = quantileOf(histogram, q) as number;
        const index = bucketOf(exact);
        expect(read).toBeGreaterThanOrEqual(Math.floor(bucketStart(index) * 10) / 10);
        expect(read).toBeLessThanOrEqual(Math.ceil(bucketStart(index + 1) * 10) / 10);
      }
    }
  });

  it('answers null for no calls, and 60 s for calls that took longer', () => {
    expect(quantileOf(emptyHistogram(), 0.5)).toBeNull();
    const slow = emptyHistogram();
    slow[47] = 3;
    expect(quantileOf(slow, 0.99)).toBe(60_000);
    const fast = emptyHistogram();
    fast[0] = 10;
    expect(quantileOf(fast, 0.5)).toBe(0.5);
  });
});

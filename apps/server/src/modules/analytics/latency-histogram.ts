/**
 * The latency histogram of the roll-ups: 48 counts. Bucket 0 holds calls under 1 ms, buckets 1
 * to 46 split 1 ms to 60 s into log-spaced steps (each about 27 % wider than the one before),
 * bucket 47 holds 60 s and over. Histograms add element by element, so a range's percentiles
 * come from the sum of its minutes', hours' or days' histograms, within one bucket's width.
 */

export const LATENCY_BUCKETS = 48;
const LOWEST_MS = 1;
const HIGHEST_MS = 60_000;
const STEPS = LATENCY_BUCKETS - 2;
/** Each log-spaced bucket's upper bound over its lower one (about 1.27). */
export const BUCKET_RATIO = (HIGHEST_MS / LOWEST_MS) ** (1 / STEPS);

/** The lower bound of bucket `index`, in ms (its upper bound is the next one's). */
export function bucketStart(index: number): number {
  if (index <= 0) return 0;
  if (index >= LATENCY_BUCKETS - 1) return HIGHEST_MS;
  return LOWEST_MS * BUCKET_RATIO ** (index - 1);
}

/** The bucket a latency of `ms` counts in. */
export function bucketOf(ms: number): number {
  if (!(ms >= LOWEST_MS)) return 0;
  if (ms >= HIGHEST_MS) return LATENCY_BUCKETS - 1;
  const index = 1 + Math.floor(Math.log(ms / LOWEST_MS) / Math.log(BUCKET_RATIO));
  // Floating point can put a bound one bucket off; the bounds themselves decide.
  if (index > 1 && ms < bucketStart(index)) return index - 1;
  if (index < LATENCY_BUCKETS - 2 && ms >= bucketStart(index + 1)) return index + 1;
  return index;
}

/** An empty histogram. */
export function emptyHistogram(): number[] {
  return new Array<number>(LATENCY_BUCKETS).fill(0);
}

/** Adds `from` into `into`, element by element. */
export function addHistogram(into: number[], from: readonly number[]): void {
  for (let index = 0; index < LATENCY_BUCKETS; index++) {
    into[index] = (into[index] ?? 0) + (from[index] ?? 0);
  }
}

/**
 * The `q` quantile (0 to 1) of the calls a histogram counts, in ms rounded to 0.1; null when it
 * counts none. Inside its bucket the value is placed by the call's rank among the bucket's
 * (log-linearly; linearly under 1 ms), and calls of 60 s and over read as 60 s.
 */
export function quantileOf(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let before = 0;
  for (let index = 0; index < LATENCY_BUCKETS; index++) {
    const count = histogram[index] ?? 0;
    if (before + count >= rank && count > 0) {
      const within = (rank - before) / count;
      let ms: number;
      if (index === 0) ms = within * LOWEST_MS;
      else if (index === LATENCY_BUCKETS - 1) ms = HIGHEST_MS;
      else ms = bucketStart(index) * BUCKET_RATIO ** within;
      return Math.round(ms * 10) / 10;
    }
    before += count;
  }
  return HIGHEST_MS;
}

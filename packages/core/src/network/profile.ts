/**
 * Network profiles (issue 30): how slow and how unreliable a project or a route is. A profile
 * has a latency model, an optional fault injection and an optional per-consumer rate limit.
 * Drawn per call from a random source the caller gives (seeded for replay: `?__seed=N`, or the
 * project's seed and a call counter), so the same seed gives the same delays and faults.
 *
 * The types below are the contract the server and the web share.
 */

import { MAX_DELAY_MS } from '../limits.ts';

/** How long a call waits before it answers, in milliseconds. */
export type LatencyModel =
  | { kind: 'none' }
  | { kind: 'fixed'; ms: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'normal'; mean: number; sd: number }
  /** Given as users think of it: the median and the 95th percentile. */
  | { kind: 'lognormal'; p50: number; p95: number };

/** The statuses a fault may answer with. */
export const FAULT_STATUSES = [500, 502, 503, 504, 429] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** A share of calls that fail: with a status and body, a connection reset, or an empty answer. */
export interface FaultModel {
  /** Percent of calls, 0 to 100 (decimals allowed: 0.5). */
  percent: number;
  kind: 'status' | 'reset' | 'empty';
  /** For `status`. */
  status?: FaultStatus;
  /** For `status`: the body (JSON text); a default naming the status when absent. */
  body?: string;
}

/** A per-consumer rate limit: by bearer token, else X-Mock-Session, else address. */
export interface RateLimitModel {
  limit: number;
  per: 'second' | 'minute';
}

export interface NetworkProfile {
  latency: LatencyModel;
  fault: FaultModel | null;
  rateLimit: RateLimitModel | null;
}

/** What one call gets of a profile. */
export interface NetworkDraw {
  /** Milliseconds to wait (capped by the caller's maximum). */
  delay: number;
  /** The fault to answer with, or null. */
  fault: FaultModel | null;
}

/** The normal distribution's 95th percentile in standard deviations: Φ⁻¹(0.95). */
const Z95 = 1.6448536269514722;

/**
 * The ln-space parameters of a lognormal given as its median and 95th percentile:
 * mu = ln p50, sigma = (ln p95 − ln p50) / Φ⁻¹(0.95). p95 equal to p50 gives sigma 0 (always p50);
 * the schema refuses p95 below p50 and p50 of 0.
 */
export function lognormalFrom(p50: number, p95: number): { mu: number; sigma: number } {
  const mu = Math.log(p50);
  return { mu, sigma: (Math.log(p95) - mu) / Z95 };
}

/**
 * One latency of the model, in whole milliseconds (drawn as a fraction, then rounded), never
 * below 0. How many values it takes from `random` depends on the kind only: none and fixed take
 * none, uniform one, normal and lognormal two (Box–Muller, the cosine branch alone, so no value
 * is carried from one call to the next). A normal draw below 0 answers at once (0).
 */
export function drawLatency(model: LatencyModel, random: () => number): number {
  switch (model.kind) {
    case 'none':
      return 0;
    case 'fixed':
      return Math.max(0, Math.round(model.ms));
    case 'uniform':
      return Math.max(0, Math.round(model.min + random() * (model.max - model.min)));
    case 'normal':
      return Math.max(0, Math.round(model.mean + model.sd * standardNormal(random)));
    case 'lognormal': {
      const { mu, sigma } = lognormalFrom(model.p50, model.p95);
      return Math.round(Math.exp(mu + sigma * standardNormal(random)));
    }
  }
}

/** A standard normal value from two uniform ones (Box–Muller). */
function standardNormal(random: () => number): number {
  // random() is in [0, 1): 1 − u is in (0, 1], so the logarithm is finite.
  const u1 = 1 - random();
  const u2 = random();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * What one call gets of a profile: its delay (capped at `maxDelay`) and its fault, or null. The
 * draw order is fixed so that a seed gives the same pair: the latency first (as in
 * {@link drawLatency}), then, when the profile has a fault, exactly one value, and the call fails
 * when that value is below percent / 100 (so 0 % never fails and 100 % always does). A drawn
 * `status` fault comes back complete: its status (503 if the model has none) and its body (the
 * model's, else {@link faultBody}). The rate limit is not drawn: the caller counts calls.
 */
export function drawNetwork(
  profile: NetworkProfile,
  random: () => number,
  maxDelay: number = MAX_DELAY_MS,
): NetworkDraw {
  const delay = Math.min(drawLatency(profile.latency, random), Math.max(0, maxDelay));
  const model = profile.fault;
  if (model === null) return { delay, fault: null };
  if (!(random() < model.percent / 100)) return { delay, fault: null };
  if (model.kind !== 'status') return { delay, fault: model };
  const status = model.status ?? DEFAULT_FAULT_STATUS;
  return { delay, fault: { ...model, status, body: model.body ?? faultBody(status) } };
}

/** The status of a `status` fault whose model names none. */
export const DEFAULT_FAULT_STATUS: FaultStatus = 503;

/** The reason phrase of each fault status. */
export const FAULT_STATUS_TEXTS: Readonly<Record<FaultStatus, string>> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  429: 'Too Many Requests',
};

/** The `code` of the default body of an injected status, so clients can tell it from a real one. */
export const INJECTED_FAULT_CODE = 'INJECTED_FAULT';

/**
 * The default body of an injected status, as JSON text in the platform's error shape:
 * `{"statusCode":503,"code":"INJECTED_FAULT","message":"Service Unavailable (injected by the
 * network profile)"}`.
 */
export function faultBody(status: FaultStatus): string {
  return JSON.stringify({
    statusCode: status,
    code: INJECTED_FAULT_CODE,
    message: `${FAULT_STATUS_TEXTS[status] ?? `Status ${status}`} (injected by the network profile)`,
  });
}

/**
 * The latency below which a share `q` (0 to 1) of calls fall, in milliseconds, unrounded and
 * before any cap: q 0.5 is the median, 0.95 the p95. For a normal model the share below 0
 * answers at once, so its low quantiles are 0. q 1 of an unbounded model is Infinity.
 */
export function latencyQuantile(model: LatencyModel, q: number): number {
  const p = Math.min(1, Math.max(0, q));
  switch (model.kind) {
    case 'none':
      return 0;
    case 'fixed':
      return model.ms;
    case 'uniform':
      return model.min + p * (model.max - model.min);
    case 'normal':
      return model.sd === 0 ? model.mean : Math.max(0, model.mean + model.sd * inverseNormal(p));
    case 'lognormal': {
      const { mu, sigma } = lognormalFrom(model.p50, model.p95);
      return sigma === 0 ? model.p50 : Math.exp(mu + sigma * inverseNormal(p));
    }
  }
}

/**
 * Φ⁻¹(p), the standard normal quantile, by Acklam's rational approximation (relative error
 * below 1.2e-9, far finer than a millisecond of delay).
 */
function inverseNormal(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low || p > 1 - low) {
    const r = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const x =
      (((((c[0]! * r + c[1]!) * r + c[2]!) * r + c[3]!) * r + c[4]!) * r + c[5]!) /
      ((((d[0]! * r + d[1]!) * r + d[2]!) * r + d[3]!) * r + 1);
    return p < low ? x : -x;
  }
  const r = p - 0.5;
  const s = r * r;
  return (
    ((((((a[0]! * s + a[1]!) * s + a[2]!) * s + a[3]!) * s + a[4]!) * s + a[5]!) * r) /
    (((((b[0]! * s + b[1]!) * s + b[2]!) * s + b[3]!) * s + b[4]!) * s + 1)
  );
}

/** One point of a latency distribution's chart: a latency and the density there (per ms). */
export interface DensityPoint {
  ms: number;
  density: number;
}

/** Options of {@link densityPoints}. */
export interface DensityOptions {
  /** Points on the even grid from 0 to `upTo` (at least 2); a few more mark edges. */
  points?: number;
  /**
   * The right end of the chart, in ms. By default the 99.9th percentile (mean + 4 sd for a
   * normal, 1.25 × max for a uniform, 2 × the value for a fixed one), at most MAX_DELAY_MS.
   */
  upTo?: number;
}

/**
 * The probability density of a latency model from 0 to `upTo`, for the small chart of the
 * distribution: sorted by ms, integrating to about 1 over the range (less when the range cuts
 * the tail, or for a normal model by the share below 0, which answers at once and is not drawn).
 * A uniform is flat between its ends, which repeat their ms (0 then the height, a vertical edge);
 * a fixed latency (and a normal with sd 0, a lognormal with p95 = p50, a uniform with min = max)
 * is a spike: a triangle one grid step wide on each side, its area 1.
 */
export function densityPoints(model: LatencyModel, options: DensityOptions = {}): DensityPoint[] {
  const count = Math.max(2, Math.floor(options.points ?? 60));
  const spikeAt = spikeOf(model);
  const upTo = options.upTo ?? defaultUpTo(model, spikeAt);
  const grid = Array.from({ length: count }, (_, i) => (upTo * i) / (count - 1));
  const step = upTo / (count - 1);

  if (spikeAt !== null) return spikePoints(grid, spikeAt, step);
  if (model.kind === 'uniform') {
    const height = 1 / (model.max - model.min);
    const inside = grid
      .filter((ms) => ms > model.min && ms < model.max)
      .map((ms) => ({ ms, density: height }));
    const outside = grid
      .filter((ms) => ms < model.min || ms > model.max)
      .map((ms) => ({ ms, density: 0 }));
    const edges = [
      { ms: model.min, density: 0 },
      { ms: model.min, density: height },
      { ms: model.max, density: height },
      { ms: model.max, density: 0 },
    ].filter((point) => point.ms <= upTo);
    // Array sort is stable: an edge's two points keep their order (0 then the height, or back).
    return [...outside, ...inside, ...edges].sort((x, y) => x.ms - y.ms);
  }
  if (model.kind === 'normal') {
    const { mean, sd } = model;
    return grid.map((ms) => ({
      ms,
      density: Math.exp(-(((ms - mean) / sd) ** 2) / 2) / (sd * Math.sqrt(2 * Math.PI)),
    }));
  }
  if (model.kind === 'lognormal') {
    const { mu, sigma } = lognormalFrom(model.p50, model.p95);
    return grid.map((ms) => ({
      ms,
      density:
        ms <= 0
          ? 0
          : Math.exp(-((Math.log(ms) - mu) ** 2) / (2 * sigma * sigma)) /
            (ms * sigma * Math.sqrt(2 * Math.PI)),
    }));
  }
  return grid.map((ms) => ({ ms, density: 0 }));
}

/** Where a model that always gives one value gives it, or null when it spreads. */
function spikeOf(model: LatencyModel): number | null {
  switch (model.kind) {
    case 'none':
      return 0;
    case 'fixed':
      return model.ms;
    case 'uniform':
      return model.max === model.min ? model.min : null;
    case 'normal':
      return model.sd === 0 ? model.mean : null;
    case 'lognormal':
      return model.p95 === model.p50 ? model.p50 : null;
  }
}

function defaultUpTo(model: LatencyModel, spikeAt: number | null): number {
  let upTo: number;
  if (spikeAt !== null) upTo = 2 * spikeAt;
  else if (model.kind === 'uniform') upTo = 1.25 * model.max;
  else if (model.kind === 'normal') upTo = model.mean + 4 * model.sd;
  else upTo = latencyQuantile(model, 0.999);
  // Nothing waits longer than the platform's maximum; a chart of 0 ms would have no width.
  return Math.min(upTo > 0 ? upTo : 100, MAX_DELAY_MS);
}

/** A triangle of area 1 (within the range) centred on `at`, `step` wide on each side. */
function spikePoints(grid: number[], at: number, step: number): DensityPoint[] {
  const upTo = grid[grid.length - 1] ?? 0;
  const kinks = [at - step, at, at + step].filter((ms) => ms >= 0 && ms <= upTo);
  const xs = [...new Set([...grid, ...kinks])].sort((x, y) => x - y);
  const shape = (ms: number) => {
    const distance = Math.abs(ms - at) / step;
    // The ends of the triangle land at 0 exactly, not a rounding error above it.
    return distance >= 1 - 1e-9 ? 0 : (1 - distance) / step;
  };
  // The share of the triangle the range cuts off at either end, given back to the rest.
  const cutLeft = at < step ? (step - at) ** 2 / (2 * step * step) : 0;
  const cutRight = at + step > upTo ? (at + step - upTo) ** 2 / (2 * step * step) : 0;
  const kept = Math.max(1e-9, 1 - cutLeft - cutRight);
  return xs.map((ms) => ({ ms, density: shape(ms) / kept }));
}

/** A duration as the UI words it: `800 ms`, `3 s`, `1.25 s`. */
export function formatMs(ms: number): string {
  const whole = Math.round(ms);
  return whole < 1000 ? `${whole} ms` : `${whole / 1000} s`;
}

/** A latency model in words: `lognormal p50 800 ms, p95 3 s`. */
export function describeLatency(model: LatencyModel): string {
  switch (model.kind) {
    case 'none':
      return 'no delay';
    case 'fixed':
      return `fixed ${formatMs(model.ms)}`;
    case 'uniform':
      return `uniform ${formatMs(model.min)} to ${formatMs(model.max)}`;
    case 'normal':
      return `normal mean ${formatMs(model.mean)}, sd ${formatMs(model.sd)}`;
    case 'lognormal':
      return `lognormal p50 ${formatMs(model.p50)}, p95 ${formatMs(model.p95)}`;
  }
}

/**
 * A profile in one line for the UI, its parts joined by ` · `:
 * `lognormal p50 800 ms, p95 3 s · 10 % 503 · 10/min per consumer`.
 */
export function describeProfile(profile: NetworkProfile): string {
  const parts = [describeLatency(profile.latency)];
  const { fault, rateLimit } = profile;
  if (fault !== null) {
    const what =
      fault.kind === 'status'
        ? String(fault.status ?? DEFAULT_FAULT_STATUS)
        : fault.kind === 'reset'
          ? 'connection reset'
          : 'empty answer';
    parts.push(`${fault.percent} % ${what}`);
  }
  if (rateLimit !== null) {
    parts.push(`${rateLimit.limit}/${rateLimit.per === 'second' ? 's' : 'min'} per consumer`);
  }
  return parts.join(' · ');
}

/** A ready-made profile offered in the Options panel. */
export interface NetworkPreset {
  name: string;
  profile: NetworkProfile;
  /** What it imitates and where its figures come from, for the picker. */
  description: string;
}

/**
 * The ready-made profiles. The 3G ones start from Chrome DevTools' throttling presets, which
 * add a fixed latency to every request (Fast 3G 562.5 ms, Slow 3G 2,000 ms; newer Chrome calls
 * Fast 3G "Slow 4G"). A mock's answer is small, so their bandwidth is left out; their latency
 * becomes the median of a lognormal whose p95 is twice the median (our choice: a real mobile
 * link varies, DevTools' fixed figure does not).
 */
export const NETWORK_PRESETS: readonly NetworkPreset[] = [
  {
    name: 'Fast 3G',
    profile: {
      latency: { kind: 'lognormal', p50: 563, p95: 1125 },
      fault: null,
      rateLimit: null,
    },
    description:
      "Lognormal latency, p50 563 ms (Chrome DevTools' Fast 3G adds 562.5 ms to each request), p95 1.125 s (twice the median, for a mobile link's spread). No errors.",
  },
  {
    name: 'Slow 3G',
    profile: {
      latency: { kind: 'lognormal', p50: 2000, p95: 4000 },
      fault: null,
      rateLimit: null,
    },
    description:
      "Lognormal latency, p50 2 s (Chrome DevTools' Slow 3G adds 2,000 ms to each request), p95 4 s (twice the median, for a mobile link's spread). No errors.",
  },
  {
    name: 'Flaky (5 % 503)',
    profile: {
      latency: { kind: 'uniform', min: 50, max: 250 },
      fault: { percent: 5, kind: 'status', status: 503 },
      rateLimit: null,
    },
    description:
      'A healthy backend that fails now and then: latency uniform from 50 to 250 ms, and 5 % of calls answer 503 Service Unavailable.',
  },
  {
    name: 'Overloaded (lognormal p50 800 ms, p95 3 s, 10 % 503)',
    profile: {
      latency: { kind: 'lognormal', p50: 800, p95: 3000 },
      fault: { percent: 10, kind: 'status', status: 503 },
      rateLimit: null,
    },
    description:
      'A backend near its capacity: lognormal latency with p50 800 ms and a long tail to p95 3 s, and 10 % of calls answer 503 Service Unavailable.',
  },
];

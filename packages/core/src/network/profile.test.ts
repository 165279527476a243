import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS } from '../limits.ts';
import { createRandom } from '../random.ts';
import { networkProfileSchema } from '../schemas/network.ts';
import {
  type DensityPoint,
  densityPoints,
  describeProfile,
  drawLatency,
  drawNetwork,
  faultBody,
  type LatencyModel,
  latencyQuantile,
  lognormalFrom,
  NETWORK_PRESETS,
  type NetworkProfile,
} from './profile.ts';

const DRAWS = 10_000;

/** A seeded source, as the server binds one per seed. */
function source(seed: string): () => number {
  const random = createRandom(seed);
  return random.next.bind(random);
}

function draws(model: LatencyModel, seed = 'x'): number[] {
  const random = source(seed);
  return Array.from({ length: DRAWS }, () => drawLatency(model, random));
}

/** The nearest-rank quantile of measured values. */
function measured(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(q * sorted.length) - 1] as number;
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function sd(values: number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
}

function trapezoid(points: DensityPoint[]): number {
  let area = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as DensityPoint;
    const b = points[i] as DensityPoint;
    area += ((b.ms - a.ms) * (a.density + b.density)) / 2;
  }
  return area;
}

const profile = (latency: LatencyModel, percent?: number): NetworkProfile => ({
  latency,
  fault: percent === undefined ? null : { percent, kind: 'status', status: 503 },
  rateLimit: null,
});

describe('drawLatency', () => {
  it('measures a lognormal p50 20 ms, p95 80 ms within 10 % over 10,000 draws', () => {
    const values = draws({ kind: 'lognormal', p50: 20, p95: 80 });
    const p50 = measured(values, 0.5);
    const p95 = measured(values, 0.95);
    expect(Math.abs(p50 - 20) / 20).toBeLessThanOrEqual(0.1);
    expect(Math.abs(p95 - 80) / 80).toBeLessThanOrEqual(0.1);
  });

  it('keeps a uniform [200, 600] within its ends, its mean within 5 % of 400', () => {
    const values = draws({ kind: 'uniform', min: 200, max: 600 });
    expect(Math.min(...values)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...values)).toBeLessThanOrEqual(600);
    expect(Math.abs(mean(values) - 400) / 400).toBeLessThanOrEqual(0.05);
    // It spreads over the range rather than sitting in the middle.
    expect(Math.min(...values)).toBeLessThan(210);
    expect(Math.max(...values)).toBeGreaterThan(590);
  });

  it('gives a normal mean 300, sd 50 a measured mean and sd within 5 %', () => {
    const values = draws({ kind: 'normal', mean: 300, sd: 50 });
    expect(Math.abs(mean(values) - 300) / 300).toBeLessThanOrEqual(0.05);
    expect(Math.abs(sd(values) - 50) / 50).toBeLessThanOrEqual(0.05);
  });

  it('answers a normal draw below 0 at once, never with a negative delay', () => {
    const values = draws({ kind: 'normal', mean: 0, sd: 100 });
    expect(Math.min(...values)).toBe(0);
    const zeros = values.filter((v) => v === 0).length;
    expect(zeros / DRAWS).toBeGreaterThan(0.45);
  });

  it('gives a fixed latency and none exactly, whole milliseconds everywhere', () => {
    expect(draws({ kind: 'fixed', ms: 250 }).every((v) => v === 250)).toBe(true);
    expect(draws({ kind: 'none' }).every((v) => v === 0)).toBe(true);
    expect(draws({ kind: 'lognormal', p50: 20, p95: 80 }).every(Number.isInteger)).toBe(true);
  });

  it('gives p50 itself when p95 equals p50', () => {
    expect(draws({ kind: 'lognormal', p50: 300, p95: 300 }).every((v) => v === 300)).toBe(true);
  });
});

describe('lognormalFrom', () => {
  it('puts mu at ln p50 and sigma at the spread to p95 in standard deviations', () => {
    const { mu, sigma } = lognormalFrom(800, 3000);
    expect(mu).toBeCloseTo(Math.log(800), 12);
    expect(sigma).toBeCloseTo(Math.log(3000 / 800) / 1.6448536269514722, 12);
  });
});

describe('drawNetwork', () => {
  it('fails 5 % of 10,000 calls within 1 percentage point', () => {
    const random = source('x');
    const p = profile({ kind: 'none' }, 5);
    let failed = 0;
    for (let i = 0; i < DRAWS; i++) if (drawNetwork(p, random).fault !== null) failed++;
    expect(Math.abs((failed / DRAWS) * 100 - 5)).toBeLessThanOrEqual(1);
  });

  it('gives the same delays and faults call by call for the same seed, others for another', () => {
    const p = profile({ kind: 'lognormal', p50: 20, p95: 80 }, 10);
    const run = (seed: string) => {
      const random = source(seed);
      return Array.from({ length: 1000 }, () => drawNetwork(p, random));
    };
    const first = run('x');
    expect(run('x')).toEqual(first);
    const other = run('y');
    expect(other.map((d) => d.delay)).not.toEqual(first.map((d) => d.delay));
    expect(other.map((d) => d.fault !== null)).not.toEqual(first.map((d) => d.fault !== null));
  });

  it('draws the latency first and the fault from the next value', () => {
    const values = [0.25, 0.01];
    const random = () => values.shift() ?? 0.99;
    const draw = drawNetwork(profile({ kind: 'uniform', min: 0, max: 400 }, 5), random);
    expect(draw.delay).toBe(100);
    expect(draw.fault).not.toBeNull();
  });

  it('caps the delay at the maximum given, MAX_DELAY_MS by default', () => {
    const p = profile({ kind: 'lognormal', p50: 5000, p95: 10_000 });
    const random = source('x');
    const delays = Array.from({ length: 2000 }, () => drawNetwork(p, random).delay);
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS);
    const capped = Array.from({ length: 100 }, () => drawNetwork(p, random, 1500).delay);
    expect(Math.max(...capped)).toBe(1500);
  });

  it('never fails at 0 % and always at 100 %', () => {
    const random = source('x');
    const never = profile({ kind: 'none' }, 0);
    const always = profile({ kind: 'none' }, 100);
    for (let i = 0; i < 1000; i++) {
      expect(drawNetwork(never, random).fault).toBeNull();
      expect(drawNetwork(always, random).fault).not.toBeNull();
    }
  });

  it('answers a drawn status fault with its status and the default body when it has none', () => {
    const draw = drawNetwork(profile({ kind: 'none' }, 100), source('x'));
    expect(draw.fault).toEqual({
      percent: 100,
      kind: 'status',
      status: 503,
      body: '{"statusCode":503,"code":"INJECTED_FAULT","message":"Service Unavailable (injected by the network profile)"}',
    });
    const own = drawNetwork(
      {
        latency: { kind: 'none' },
        fault: { percent: 100, kind: 'status', status: 429, body: '{"slow":"down"}' },
        rateLimit: null,
      },
      source('x'),
    );
    expect(own.fault?.body).toBe('{"slow":"down"}');
    const reset = drawNetwork(
      { latency: { kind: 'none' }, fault: { percent: 100, kind: 'reset' }, rateLimit: null },
      source('x'),
    );
    expect(reset.fault).toEqual({ percent: 100, kind: 'reset' });
  });
});

describe('faultBody', () => {
  it('names the status in the platform error shape', () => {
    expect(JSON.parse(faultBody(504))).toEqual({
      statusCode: 504,
      code: 'INJECTED_FAULT',
      message: 'Gateway Timeout (injected by the network profile)',
    });
  });
});

describe('latencyQuantile', () => {
  it('gives back the set p50 and p95 of a lognormal', () => {
    const model: LatencyModel = { kind: 'lognormal', p50: 800, p95: 3000 };
    expect(latencyQuantile(model, 0.5)).toBeCloseTo(800, 4);
    expect(latencyQuantile(model, 0.95)).toBeCloseTo(3000, 4);
  });

  it('knows the normal, uniform and fixed quantiles', () => {
    expect(latencyQuantile({ kind: 'normal', mean: 300, sd: 50 }, 0.975)).toBeCloseTo(398, 0);
    expect(latencyQuantile({ kind: 'normal', mean: 10, sd: 50 }, 0.1)).toBe(0);
    expect(latencyQuantile({ kind: 'uniform', min: 100, max: 500 }, 0.25)).toBe(200);
    expect(latencyQuantile({ kind: 'fixed', ms: 70 }, 0.99)).toBe(70);
  });
});

describe('densityPoints', () => {
  it.each<LatencyModel>([
    { kind: 'normal', mean: 300, sd: 50 },
    { kind: 'lognormal', p50: 20, p95: 80 },
    { kind: 'lognormal', p50: 800, p95: 3000 },
    { kind: 'uniform', min: 200, max: 600 },
    { kind: 'uniform', min: 0, max: 100 },
    { kind: 'fixed', ms: 250 },
    { kind: 'none' },
  ])('integrates to about 1 for %o', (model) => {
    const points = densityPoints(model);
    expect(trapezoid(points)).toBeGreaterThan(0.99);
    expect(trapezoid(points)).toBeLessThan(1.01);
    for (let i = 1; i < points.length; i++) {
      expect((points[i] as DensityPoint).ms).toBeGreaterThanOrEqual(
        (points[i - 1] as DensityPoint).ms,
      );
    }
  });

  it('draws a uniform flat between its ends and 0 outside', () => {
    const points = densityPoints({ kind: 'uniform', min: 200, max: 600 }, { upTo: 800 });
    expect(points[0]).toEqual({ ms: 0, density: 0 });
    expect(points.at(-1)).toEqual({ ms: 800, density: 0 });
    const inside = points.filter((p) => p.ms > 200 && p.ms < 600);
    expect(inside.length).toBeGreaterThan(20);
    expect(inside.every((p) => p.density === 1 / 400)).toBe(true);
    expect(points.filter((p) => p.ms < 200 || p.ms > 600).every((p) => p.density === 0)).toBe(true);
  });

  it('draws a fixed latency as one spike at its value', () => {
    const points = densityPoints({ kind: 'fixed', ms: 250 });
    const peak = points.reduce((a, b) => (b.density > a.density ? b : a));
    expect(peak.ms).toBe(250);
    expect(points.filter((p) => p.density > 0).length).toBeLessThanOrEqual(3);
  });

  it('peaks a normal at its mean and spans the grid asked for', () => {
    const points = densityPoints({ kind: 'normal', mean: 300, sd: 50 }, { points: 61, upTo: 600 });
    expect(points).toHaveLength(61);
    const peak = points.reduce((a, b) => (b.density > a.density ? b : a));
    expect(peak.ms).toBe(300);
  });
});

describe('describeProfile', () => {
  it('words a profile as the UI shows it', () => {
    expect(
      describeProfile({
        latency: { kind: 'lognormal', p50: 800, p95: 3000 },
        fault: { percent: 10, kind: 'status', status: 503 },
        rateLimit: { limit: 10, per: 'minute' },
      }),
    ).toBe('lognormal p50 800 ms, p95 3 s · 10 % 503 · 10/min per consumer');
    expect(
      describeProfile({
        latency: { kind: 'uniform', min: 500, max: 1500 },
        fault: { percent: 0.5, kind: 'reset' },
        rateLimit: { limit: 5, per: 'second' },
      }),
    ).toBe('uniform 500 ms to 1.5 s · 0.5 % connection reset · 5/s per consumer');
    expect(describeProfile(profile({ kind: 'none' }))).toBe('no delay');
    expect(describeProfile(profile({ kind: 'normal', mean: 300, sd: 50 }))).toBe(
      'normal mean 300 ms, sd 50 ms',
    );
  });
});

describe('NETWORK_PRESETS', () => {
  it('offers the four named profiles, each valid under the schema', () => {
    expect(NETWORK_PRESETS.map((preset) => preset.name)).toEqual([
      'Fast 3G',
      'Slow 3G',
      'Flaky (5 % 503)',
      'Overloaded (lognormal p50 800 ms, p95 3 s, 10 % 503)',
    ]);
    for (const preset of NETWORK_PRESETS) {
      expect(networkProfileSchema.parse(preset.profile)).toEqual(preset.profile);
    }
  });

  it('words Overloaded as its name says', () => {
    const overloaded = NETWORK_PRESETS.find((preset) => preset.name.startsWith('Overloaded'));
    expect(describeProfile(overloaded!.profile)).toBe('lognormal p50 800 ms, p95 3 s · 10 % 503');
  });
});

describe('networkProfileSchema', () => {
  /** The messages of a refused profile, by path. */
  function refusal(input: unknown): Record<string, string> {
    const result = networkProfileSchema.safeParse(input);
    expect(result.success).toBe(false);
    return Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
  }

  it('accepts a full profile and fills absent fault and rate limit with null', () => {
    expect(networkProfileSchema.parse({ latency: { kind: 'fixed', ms: 0 } })).toEqual({
      latency: { kind: 'fixed', ms: 0 },
      fault: null,
      rateLimit: null,
    });
    const full = {
      latency: { kind: 'normal', mean: 300, sd: 0 },
      fault: { percent: 0.5, kind: 'status', status: 429, body: '{"error":"slow down"}' },
      rateLimit: { limit: 100_000, per: 'second' },
    };
    expect(networkProfileSchema.parse(full)).toEqual(full);
  });

  it('refuses milliseconds out of range or not whole', () => {
    expect(refusal({ latency: { kind: 'fixed', ms: MAX_DELAY_MS + 1 } })).toEqual({
      'latency.ms': 'ms must be a whole number of milliseconds from 0 to 10000',
    });
    expect(refusal({ latency: { kind: 'normal', mean: 12.5, sd: -1 } })).toEqual({
      'latency.mean': 'mean must be a whole number of milliseconds from 0 to 10000',
      'latency.sd': 'sd must be a whole number of milliseconds from 0 to 10000',
    });
    expect(refusal({ latency: { kind: 'lognormal', p50: 0, p95: 10 } })).toEqual({
      'latency.p50': 'p50 must be a whole number of milliseconds from 1 to 10000',
    });
  });

  it('refuses min above max and p95 below p50', () => {
    expect(refusal({ latency: { kind: 'uniform', min: 600, max: 100 } })).toEqual({
      'latency.max': 'max (100 ms) must be at least min (600 ms)',
    });
    expect(refusal({ latency: { kind: 'lognormal', p50: 800, p95: 300 } })).toEqual({
      'latency.p95':
        'p95 (300 ms) must be at least p50 (800 ms): 95 % of calls cannot be faster than half of them',
    });
  });

  it('refuses an unknown latency kind', () => {
    expect(refusal({ latency: { kind: 'pareto' } })).toEqual({
      'latency.kind': 'latency.kind must be none, fixed, uniform, normal or lognormal',
    });
  });

  it('refuses a fault percent out of range, an unknown status and a missing one', () => {
    expect(
      refusal({ latency: { kind: 'none' }, fault: { percent: 101, kind: 'status', status: 418 } }),
    ).toEqual({
      'fault.percent': 'fault.percent must be from 0 to 100',
      'fault.status': 'fault.status must be one of 500, 502, 503, 504, 429',
    });
    expect(refusal({ latency: { kind: 'none' }, fault: { percent: 5, kind: 'status' } })).toEqual({
      'fault.status':
        'fault.status is required when fault.kind is status: one of 500, 502, 503, 504, 429',
    });
    expect(refusal({ latency: { kind: 'none' }, fault: { percent: 5, kind: 'timeout' } })).toEqual({
      'fault.kind': 'fault.kind must be status, reset or empty',
    });
  });

  it('refuses a fault body that is not JSON or is over 64 KiB', () => {
    const fault = { percent: 5, kind: 'status', status: 503 };
    expect(refusal({ latency: { kind: 'none' }, fault: { ...fault, body: '{oops' } })).toEqual({
      'fault.body': 'fault.body is not valid JSON',
    });
    const big = JSON.stringify({ text: 'é'.repeat(33_000) });
    expect(refusal({ latency: { kind: 'none' }, fault: { ...fault, body: big } })).toEqual({
      'fault.body': `fault.body is ${33_000 * 2 + 11} bytes; the most is 65536 (64 KiB)`,
    });
  });

  it('refuses a rate limit out of range or an unknown window', () => {
    expect(refusal({ latency: { kind: 'none' }, rateLimit: { limit: 0, per: 'hour' } })).toEqual({
      'rateLimit.limit': 'rateLimit.limit must be a whole number from 1 to 100000',
      'rateLimit.per': 'rateLimit.per must be second or minute',
    });
    expect(
      refusal({ latency: { kind: 'none' }, rateLimit: { limit: 100_001, per: 'minute' } }),
    ).toEqual({ 'rateLimit.limit': 'rateLimit.limit must be a whole number from 1 to 100000' });
  });
});

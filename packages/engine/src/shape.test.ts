/** The shape step over an in-memory limits port: no Redis, no HTTP. */
import { AppError } from '@mocksmith/core';
import type { NetworkProfile } from '@mocksmith/core/network';
import { describe, expect, it } from 'vitest';
import type { ConsumerLimits } from './ports.ts';
import { consumerOf, delayAsked, type ShapeInput, shape } from './shape.ts';

/** Counts in memory, one window for ever; replay counters per project and route. */
function memoryLimits(): ConsumerLimits & { taken: string[] } {
  const counts = new Map<string, number>();
  const calls = new Map<string, number>();
  const taken: string[] = [];
  return {
    taken,
    async take(scope, consumer, limit) {
      const key = `${scope}:${consumer}`;
      taken.push(key);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetS: 7 };
    },
    async nextCall(projectId, routeId) {
      const key = `${projectId}:${routeId}`;
      const next = calls.get(key) ?? 0;
      calls.set(key, next + 1);
      return next;
    },
    async resetCalls(projectId) {
      for (const key of calls.keys()) if (key.startsWith(`${projectId}:`)) calls.delete(key);
    },
  };
}

const jittery: NetworkProfile = {
  latency: { kind: 'uniform', min: 100, max: 900 },
  fault: { percent: 50, kind: 'status', status: 503 },
  rateLimit: null,
};

const input = (over: Partial<ShapeInput> = {}): ShapeInput => ({
  profile: jittery,
  overrides: true,
  scope: 'route-1',
  routeId: 'route-1',
  drawKey: 'GET /route-1',
  project: { id: 'project-1', seed: 42, settings: {} },
  query: {},
  authorization: undefined,
  session: undefined,
  client: '10.0.0.1',
  baseDelay: 0,
  asked: undefined,
  keepAnswer: false,
  ...over,
});

describe('shape', () => {
  it('waits the delay asked and draws nothing without a profile', async () => {
    const shaped = await shape(memoryLimits(), input({ profile: null, asked: 1500 }));
    expect(shaped).toEqual({ delay: 1500, fault: null, headers: null });
  });

  it('adds the latency drawn to the response delay', async () => {
    const fixed: NetworkProfile = {
      latency: { kind: 'fixed', ms: 200 },
      fault: null,
      rateLimit: null,
    };
    const shaped = await shape(memoryLimits(), input({ profile: fixed, baseDelay: 50 }));
    expect(shaped.delay).toBe(250);
  });

  it('draws the same delay and fault for the same ?__seed, and another route draws its own', async () => {
    const limits = memoryLimits();
    const seeded = input({ query: { __seed: '7' } });
    const first = await shape(limits, seeded);
    expect(await shape(limits, seeded)).toEqual(first);
    const draws = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((path) =>
        shape(limits, { ...seeded, drawKey: `GET /${path}` }),
      ),
    );
    expect(new Set(draws.map((draw) => draw.delay)).size).toBeGreaterThan(1);
  });

  it("replays a project's sequence of draws from its seed and call counter", async () => {
    const replayed = input({ project: { id: 'project-1', seed: 42, settings: { replay: true } } });
    const limits = memoryLimits();
    const run = async () => {
      const draws = [];
      for (let call = 0; call < 5; call++) draws.push(await shape(limits, replayed));
      return draws;
    };
    const first = await run();
    await limits.resetCalls('project-1');
    expect(await run()).toEqual(first);
  });

  it('injects no fault where the caller asked for an answer', async () => {
    const always: NetworkProfile = { ...jittery, fault: { percent: 100, kind: 'reset' } };
    expect((await shape(memoryLimits(), input({ profile: always }))).fault).toMatchObject({
      kind: 'reset',
    });
    expect((await shape(memoryLimits(), input({ profile: always, keepAnswer: true }))).fault).toBe(
      null,
    );
  });

  it('counts each consumer against the limit, and refuses past it with 429 and its headers', async () => {
    const limited: NetworkProfile = {
      ...jittery,
      fault: null,
      rateLimit: { limit: 1, per: 'minute' },
    };
    const limits = memoryLimits();
    const once = await shape(limits, input({ profile: limited, scope: 'project-1' }));
    expect(once.headers).toEqual({
      'RateLimit-Limit': '1',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '7',
    });
    const refused = await shape(limits, input({ profile: limited, scope: 'project-1' })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).message).toBe(
      "Rate limit of this project's network profile: at most 1 calls per minute for each consumer. Try again in 7 seconds",
    );
    expect((refused as AppError).headers?.['Retry-After']).toBe('7');
    expect(limits.taken).toEqual(['project-1:a:10.0.0.1', 'project-1:a:10.0.0.1']);
  });
});

describe('delayAsked', () => {
  it('reads ?__delay before Prefer: delay, capped at the platform maximum', () => {
    expect(delayAsked(undefined, { __delay: '1500' })).toBe(1500);
    expect(delayAsked('delay=200', {})).toBe(200);
    expect(delayAsked('delay=200', { __delay: '10' })).toBe(10);
    expect(delayAsked(undefined, {})).toBeUndefined();
    expect(delayAsked(undefined, { __delay: '999999999' })).toBeLessThan(999999999);
  });

  it('refuses what is no number with 400', () => {
    expect(() => delayAsked(undefined, { __delay: 'soon' })).toThrow(
      '"soon" is not a delay: ask for a whole number of milliseconds',
    );
  });
});

describe('consumerOf', () => {
  it('is the bearer token hashed, else the session, else the address', () => {
    expect(consumerOf('Bearer abc', 's1', '10.0.0.1')).toMatch(/^t:[\w-]{22}$/);
    expect(consumerOf('Basic abc', 's1', '10.0.0.1')).toBe('s:s1');
    expect(consumerOf(undefined, undefined, '10.0.0.1')).toBe('a:10.0.0.1');
  });
});

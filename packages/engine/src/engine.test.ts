/** The engine as a host holds it: the steps bound to in-memory ports. */
import type { CallCapture } from '@mocksmith/core/inspector';
import { describe, expect, it } from 'vitest';
import { newCall } from './call.ts';
import type { CapturableCollection, CapturableProject, CapturableRoute } from './capture.ts';
import { createEngine } from './engine.ts';
import type { ConsumerLimits } from './ports.ts';

const limits: ConsumerLimits = {
  take: async (_scope, _consumer, limit) => ({ allowed: true, limit, remaining: limit, resetS: 1 }),
  nextCall: async () => 0,
  resetCalls: async () => {},
};

const response = (name: string) => ({ name, status: 200, httpCode: 200, isDefault: name === 'a' });

describe('createEngine', () => {
  it('keeps the rotation of each route across calls, and forgets it', () => {
    const engine = createEngine({ limits });
    const [a, b] = [response('a'), response('b')];
    const route = {
      id: 'r',
      responses: [a, b],
      responseMode: 'sequential' as const,
      rules: null,
      overrides: true,
      byDefault: { response: a, status: 200, rule: null },
    };
    const pick = () => engine.choose(route, {}, {}, true, null).response.name;
    expect([pick(), pick(), pick()]).toEqual(['a', 'b', 'a']);
    engine.forget();
    expect(pick()).toBe('a');
  });

  it('captures an answered call to its log sink once, with its clock', () => {
    const records: CallCapture[] = [];
    const engine = createEngine({
      limits,
      recorder: { record: (r) => records.push(r) },
      now: () => 1_000,
    });
    const call = newCall<
      CapturableRoute,
      { name: string },
      CapturableProject,
      CapturableCollection<CapturableProject>
    >('GET', '/p/shop/users', {}, {}, '10.0.0.1');
    call.project = { id: 'p', settings: {} };
    engine.capture(call, 200, { elapsedTime: 10 }, () => 7);
    engine.capture(call, 200, { elapsedTime: 10 }, () => 7);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ projectId: 'p', at: 990, pathAt: 7, status: 200 });
  });

  it('shapes through its limits port', async () => {
    const engine = createEngine({ limits });
    const shaped = await engine.shape({
      profile: {
        latency: { kind: 'fixed', ms: 30 },
        fault: null,
        rateLimit: { limit: 5, per: 'second' },
      },
      overrides: true,
      scope: 'r',
      routeId: 'r',
      drawKey: 'GET /r',
      project: null,
      query: {},
      authorization: undefined,
      session: undefined,
      client: '10.0.0.1',
      baseDelay: 0,
      asked: undefined,
      keepAnswer: false,
    });
    expect(shaped).toMatchObject({ delay: 30, fault: null, headers: { 'RateLimit-Limit': '5' } });
  });
});

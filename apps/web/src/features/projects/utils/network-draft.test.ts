import { NETWORK_PRESETS } from '@mocksmith/core/network';
import { describe, expect, it } from 'vitest';
import { checkNetworkDraft, latencyOf } from './network-check.ts';
import { networkDraftOf, presetOf, withPreset } from './network-draft.ts';

const overloaded = NETWORK_PRESETS[3];

describe('the network draft', () => {
  it('fills every field from a preset, and gives back the preset’s profile', () => {
    if (!overloaded) throw new Error('the presets changed');
    const draft = withPreset(networkDraftOf(null), overloaded.name);
    expect(draft).toMatchObject({
      preset: overloaded.name,
      latency: 'lognormal',
      p50: '800',
      p95: '3000',
      fault: true,
      percent: '10',
      faultKind: 'status',
      status: '503',
      rateLimit: false,
    });
    expect(checkNetworkDraft(draft)).toEqual({ ok: true, profile: overloaded.profile });
    expect(networkDraftOf(overloaded.profile).preset).toBe(overloaded.name);
    expect(withPreset(draft, 'none')).toMatchObject({ latency: 'none', fault: false });
  });

  it('names a stored profile by its preset, None for no profile, else Custom', () => {
    expect(presetOf(null)).toBe('none');
    expect(presetOf({ latency: { kind: 'none' }, fault: null, rateLimit: null })).toBe('none');
    expect(
      presetOf({
        latency: { kind: 'uniform', max: 250, min: 50 },
        fault: { kind: 'status', status: 503, percent: 5 },
        rateLimit: null,
      }),
    ).toBe('Flaky (5 % 503)');
    expect(presetOf({ latency: { kind: 'fixed', ms: 100 }, fault: null, rateLimit: null })).toBe(
      'custom',
    );
  });

  it('says what is wrong beside each field, a blank number as required', () => {
    const draft = {
      ...networkDraftOf(null),
      latency: 'uniform' as const,
      min: '300',
      max: '',
      rateLimit: true,
      limit: '0',
      fault: true,
      body: '{',
    };
    expect(checkNetworkDraft(draft)).toEqual({
      ok: false,
      problems: {
        max: 'max is required and must be a number of milliseconds',
        body: 'fault.body is not valid JSON',
        limit: 'rateLimit.limit must be a whole number from 1 to 100000',
      },
    });
    expect(latencyOf(draft)).toBe(null);
    expect(latencyOf({ ...draft, max: '500' })).toEqual({ kind: 'uniform', min: 300, max: 500 });
  });
});

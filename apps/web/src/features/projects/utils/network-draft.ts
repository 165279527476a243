import { type LatencyModel, NETWORK_PRESETS, type NetworkProfile } from '@mocksmith/core/network';

/** The latency kinds, in the order the Latency select offers them. */
export const LATENCY_KINDS = ['none', 'fixed', 'uniform', 'normal', 'lognormal'] as const;
export type LatencyKind = (typeof LATENCY_KINDS)[number];

/** What each latency kind is called in the Latency select. */
export const LATENCY_LABELS: Readonly<Record<LatencyKind, string>> = {
  none: 'No delay',
  fixed: 'Fixed',
  uniform: 'Uniform between two values',
  normal: 'Normal (mean and standard deviation)',
  lognormal: 'Lognormal (median and 95th percentile)',
};

export const FAULT_KINDS = ['status', 'reset', 'empty'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What each kind of fault is called in the Fault select. */
export const FAULT_KIND_LABELS: Readonly<Record<FaultKind, string>> = {
  status: 'Status',
  reset: 'Connection reset',
  empty: 'Empty answer',
};

/** The Preset select's choices besides the ready-made profiles. */
export const PRESET_NONE = 'none';
export const PRESET_CUSTOM = 'custom';

/**
 * A network profile as its panel holds it: numbers typed as text, the fault and the rate limit
 * each on or off (their fields kept while off), and the preset it was last set from (`none`,
 * `custom` or a ready-made profile's name).
 */
export interface NetworkDraft {
  preset: string;
  latency: LatencyKind;
  ms: string;
  min: string;
  max: string;
  mean: string;
  sd: string;
  p50: string;
  p95: string;
  fault: boolean;
  percent: string;
  faultKind: FaultKind;
  status: string;
  body: string;
  rateLimit: boolean;
  limit: string;
  per: 'second' | 'minute';
}

/** A field of the panel a problem is shown beside. */
export type NetworkField = Exclude<keyof NetworkDraft, 'preset'>;

/** Every field of the panel a problem can be shown beside. */
export const NETWORK_FIELDS: readonly NetworkField[] = [
  'latency',
  'ms',
  'min',
  'max',
  'mean',
  'sd',
  'p50',
  'p95',
  'fault',
  'percent',
  'faultKind',
  'status',
  'body',
  'rateLimit',
  'limit',
  'per',
];
export type NetworkProblems = Partial<Record<NetworkField, string>>;

/** No delay, no fault, no limit: what the None preset sets. */
const NONE_PROFILE: NetworkProfile = { latency: { kind: 'none' }, fault: null, rateLimit: null };

/** The values a field starts with before a profile sets it. */
const STARTING: NetworkDraft = {
  preset: PRESET_NONE,
  latency: 'none',
  ms: '200',
  min: '100',
  max: '300',
  mean: '200',
  sd: '50',
  p50: '200',
  p95: '600',
  fault: false,
  percent: '5',
  faultKind: 'status',
  status: '503',
  body: '',
  rateLimit: false,
  limit: '10',
  per: 'minute',
};

/** A profile in a form two profiles of the same meaning share, whatever their key order. */
function canonical(profile: NetworkProfile): string {
  const { latency, fault, rateLimit } = profile;
  const model = (() => {
    switch (latency.kind) {
      case 'none':
        return ['none'];
      case 'fixed':
        return ['fixed', latency.ms];
      case 'uniform':
        return ['uniform', latency.min, latency.max];
      case 'normal':
        return ['normal', latency.mean, latency.sd];
      case 'lognormal':
        return ['lognormal', latency.p50, latency.p95];
    }
  })();
  return JSON.stringify([
    model,
    fault && [fault.percent, fault.kind, fault.status ?? null, fault.body ?? null],
    rateLimit && [rateLimit.limit, rateLimit.per],
  ]);
}

/** Whether a profile changes nothing: no delay, no fault, no limit. */
export function isNoneProfile(profile: NetworkProfile): boolean {
  return canonical(profile) === canonical(NONE_PROFILE);
}

/** The preset a profile is: `none`, a ready-made profile's name, or `custom`. */
export function presetOf(profile: NetworkProfile | null): string {
  if (profile === null || isNoneProfile(profile)) return PRESET_NONE;
  const key = canonical(profile);
  return NETWORK_PRESETS.find((preset) => canonical(preset.profile) === key)?.name ?? PRESET_CUSTOM;
}

/** `draft` with the fields of `profile` set (those it does not use kept as they are). */
function filled(draft: NetworkDraft, profile: NetworkProfile): NetworkDraft {
  const next: NetworkDraft = { ...draft, latency: profile.latency.kind };
  const latency: LatencyModel = profile.latency;
  switch (latency.kind) {
    case 'fixed':
      next.ms = String(latency.ms);
      break;
    case 'uniform':
      next.min = String(latency.min);
      next.max = String(latency.max);
      break;
    case 'normal':
      next.mean = String(latency.mean);
      next.sd = String(latency.sd);
      break;
    case 'lognormal':
      next.p50 = String(latency.p50);
      next.p95 = String(latency.p95);
      break;
    case 'none':
      break;
  }
  next.fault = profile.fault !== null;
  if (profile.fault) {
    next.percent = String(profile.fault.percent);
    next.faultKind = profile.fault.kind;
    if (profile.fault.status !== undefined) next.status = String(profile.fault.status);
    next.body = profile.fault.body ?? '';
  }
  next.rateLimit = profile.rateLimit !== null;
  if (profile.rateLimit) {
    next.limit = String(profile.rateLimit.limit);
    next.per = profile.rateLimit.per;
  }
  return next;
}

/** The panel filled from a stored profile (null: none). */
export function networkDraftOf(profile: NetworkProfile | null): NetworkDraft {
  return { ...filled(STARTING, profile ?? NONE_PROFILE), preset: presetOf(profile) };
}

/**
 * The panel after a choice in the Preset select: a ready-made profile or None sets every
 * field; Custom keeps them.
 */
export function withPreset(draft: NetworkDraft, choice: string): NetworkDraft {
  if (choice === PRESET_NONE) return { ...filled(draft, NONE_PROFILE), preset: PRESET_NONE };
  const preset = NETWORK_PRESETS.find((item) => item.name === choice);
  if (!preset) return { ...draft, preset: PRESET_CUSTOM };
  return { ...filled(draft, preset.profile), preset: preset.name };
}

/** A number typed: none when blank (the schema then says it is required). */
function typed(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/** The latency model the panel's fields say, not yet checked. */
export function latencyInput(draft: NetworkDraft): unknown {
  switch (draft.latency) {
    case 'none':
      return { kind: 'none' };
    case 'fixed':
      return { kind: 'fixed', ms: typed(draft.ms) };
    case 'uniform':
      return { kind: 'uniform', min: typed(draft.min), max: typed(draft.max) };
    case 'normal':
      return { kind: 'normal', mean: typed(draft.mean), sd: typed(draft.sd) };
    case 'lognormal':
      return { kind: 'lognormal', p50: typed(draft.p50), p95: typed(draft.p95) };
  }
}

/** The profile the panel's fields say, as sent (not yet checked). */
export function profileInputOf(draft: NetworkDraft): unknown {
  return {
    latency: latencyInput(draft),
    fault: draft.fault
      ? {
          percent: typed(draft.percent),
          kind: draft.faultKind,
          ...(draft.faultKind === 'status' ? { status: typed(draft.status) } : {}),
          ...(draft.faultKind === 'status' && draft.body.trim() !== '' ? { body: draft.body } : {}),
        }
      : null,
    rateLimit: draft.rateLimit ? { limit: typed(draft.limit), per: draft.per } : null,
  };
}

/** The field of the panel a problem at a profile's path belongs to (`fault.kind` is `faultKind`). */
export function networkFieldOf(path: readonly PropertyKey[]): NetworkField | undefined {
  const [part, field] = path.map(String);
  if (part === 'latency') {
    return field === undefined || field === 'kind' ? 'latency' : (field as NetworkField);
  }
  if (part === 'fault') {
    if (field === 'kind') return 'faultKind';
    return field === undefined ? 'fault' : (field as NetworkField);
  }
  if (part === 'rateLimit') return field === undefined ? 'rateLimit' : (field as NetworkField);
  return undefined;
}

import {
  type LatencyModel,
  latencyModelSchema,
  type NetworkProfile,
  networkProfileSchema,
} from '@mocksmith/core/network';
import {
  latencyInput,
  type NetworkDraft,
  type NetworkProblems,
  networkFieldOf,
  profileInputOf,
} from './network-draft.ts';

// The network panel's checks with core's schemas, apart from its drafts (network-draft.ts): the
// route editor loads them with its form's rules, on the first check, and the panel's chart when
// it shows a route's own profile.

export type NetworkCheck =
  | { ok: true; profile: NetworkProfile }
  | { ok: false; problems: NetworkProblems };

/**
 * The panel's fields checked with core's schema (the server's): the profile they give, or each
 * problem beside its field (the first per field).
 */
export function checkNetworkDraft(draft: NetworkDraft): NetworkCheck {
  const parsed = networkProfileSchema.safeParse(profileInputOf(draft));
  if (parsed.success) return { ok: true, profile: parsed.data };
  const problems: NetworkProblems = {};
  for (const issue of parsed.error.issues) {
    const field = networkFieldOf(issue.path) ?? 'latency';
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

/** The latency model of the panel when its fields are valid, for the chart; else null. */
export function latencyOf(draft: NetworkDraft): LatencyModel | null {
  const parsed = latencyModelSchema.safeParse(latencyInput(draft));
  return parsed.success ? parsed.data : null;
}

/**
 * Network profiles (issue 30): how slow and how unreliable a project or a route is. A profile
 * has a latency model, an optional fault injection and an optional per-consumer rate limit.
 * Drawn per call from a random source the caller gives (seeded for replay: `?__seed=N`, or the
 * project's seed and a call counter), so the same seed gives the same delays and faults.
 *
 * THE CONTRACT (types below) is fixed; the implementation of the functions is filled in.
 */

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

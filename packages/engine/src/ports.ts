/**
 * What the engine needs of its host (DESIGN.md §4b), declared here and implemented there: the
 * server on PostgreSQL, Redis and its bus; the command-line runner in memory and on files. The
 * steps take the port they need as an argument; no step reaches for a host's library.
 */
import type { RawQuery } from '@mocksmith/core';
import type { CollectionCall, CollectionProject } from '@mocksmith/core/collections';
import type { CallCapture } from '@mocksmith/core/inspector';
import type { MockAnswer } from './call.ts';

/** One window's count of a consumer against a network profile's rate limit. */
export interface LimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (RateLimit-Reset, Retry-After). */
  resetS: number;
}

/**
 * The network profiles' per-consumer limits and a replayed project's call counters (the server
 * shares both through Redis: consumer-limits.ts).
 */
export interface ConsumerLimits {
  /** Counts a call of `consumer` against `limit` per window on `scope` (a route's or project's id). */
  take(scope: string, consumer: string, limit: number, windowMs: number): Promise<LimitVerdict>;
  /** The next call number of a replayed route (0, 1, 2...), shared across nodes through Redis. */
  nextCall(projectId: string, routeId: string): Promise<number>;
  /** Starts a project's replay again (its `POST {base}/__reset`). */
  resetCalls(projectId: string): Promise<void>;
}

/** The answer step of collections (the host's collection state), as the mock URLs call it. */
export interface CollectionAnswerer {
  /** The session a call names (`X-Mock-Session`, `?__session`), '' for the shared state. */
  sessionOf(header: string | string[] | undefined, query: RawQuery): string;
  /** The answer; a heavy list's body comes as UTF-8 bytes (made in a worker). */
  answer(
    call: CollectionCall,
  ): Promise<Omit<MockAnswer, 'payload'> & { payload: string | Buffer | undefined }>;
  reset(project: Pick<CollectionProject, 'id' | 'ownerId'>, session: string): Promise<void>;
}

/**
 * The log sink: where the calls of projects and APIs go for the request inspector (never waits),
 * each as core's CallCapture (its `client` still the address).
 */
export interface CallRecorder {
  record(call: CallCapture): void;
}

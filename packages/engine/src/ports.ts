/**
 * What the engine needs of its host (DESIGN.md §4b), declared here and implemented there: the
 * server on PostgreSQL, Redis and its bus; the command-line runner in memory and on files. The
 * steps take the port they need as an argument; no step reaches for a host's library.
 */
import type { RawQuery } from '@mocksmith/core';
import type { CollectionCall, CollectionProject } from '@mocksmith/core/collections';
import type { CallCapture } from '@mocksmith/core/inspector';
import type { RequestContext } from '@mocksmith/core/projects';
import type { MockAnswer } from './call.ts';
import type { ForwardPort } from './forward.ts';

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

/**
 * What the handle step (handle.ts) needs of its host beyond the engine's ports. `H` is the host's
 * own handle on a call (the server's reply), passed through untouched to the ports that need it;
 * `R` its compiled response. Made once per host, never per call.
 */
export interface HostPorts<H, R> {
  /**
   * Waits a call's delay (ms). The server holds it among its client's delayed calls, and
   * refuses one past their number (429) by throwing.
   */
  wait(client: string, delay: number): Promise<void>;
  /** Large answers, made off the event loop; without it, every answer is rendered in line. */
  large?: LargeAnswers<H, R>;
  /**
   * The account a personal API key acts as, or null (not live, or keys are no one's here): the
   * owner's key calls a collection as the owner.
   */
  ownerOfKey(key: string): string | null | Promise<string | null>;
  /** The URL of a call's page without its query (for `Link`), from its URL as sent. */
  pageUrl(url: string): string;
  /** A project's base URL, for its collections' `Link` and `Location`. */
  projectUrl(slug: string): string;
  /** The path a template reads as `request.path`, from the call's URL as sent. */
  requestPath(url: string): string;
  /**
   * Sends a call no route answers to its project's proxy (forward.ts); without it, such a call
   * is refused as before.
   */
  forward?: ForwardPort<H>;
}

/** The list headers and body of a large answer, its body as UTF-8 bytes. */
export interface LargeAnswer {
  headers: readonly (readonly [string, string])[];
  body: Buffer;
}

/** Where the answers whose worst case is large are made: the server's budget and workers. */
export interface LargeAnswers<H, R> {
  /** From which worst-case size (bytes of UTF-8) a response's answer is large. */
  bytes: number;
  /**
   * Renders the answer of `response` (as renderResponse would), after its delay: the server
   * first takes a place among the large answers (429 past its caps or the minute's budget), held
   * until the answer is sent or the client left, and tells its worker the client is gone when
   * the connection it holds in `host` closes first (the answer is then not made).
   */
  render(
    host: H,
    route: { id: string; ownerId: string | null },
    response: R,
    query: RawQuery,
    pageUrl: string,
    request: RequestContext | undefined,
  ): Promise<LargeAnswer>;
}

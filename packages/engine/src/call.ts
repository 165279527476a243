/**
 * One mock call as it goes through the steps (resolve → admit → choose → shape → answer →
 * capture), as WireMock's ServeEvent: what was asked, what answered it and why, the network's
 * draw, the answer and its timings. The host builds it from its request; each step fills its
 * part; the log reads it once the answer is sent.
 */
import type { Readable } from 'node:stream';
import type { RawQuery } from '@mocksmith/core';
import type { BodyProblem } from '@mocksmith/core/collections';
import type { NetworkDraw } from '@mocksmith/core/network';
import type { ChoiceReason } from '@mocksmith/core/projects';

/**
 * The response that answers a call, at what status, and the rule that picked it (choose.ts).
 * A route's default answer is one such value made when the route is compiled, not per call.
 */
export interface Chosen<R> {
  response: R;
  status: number;
  /** Asked for a status no response has: that status, with a generic body. */
  generic?: boolean;
  /** The rule that picked it (0-based), or null. */
  rule: number | null;
  /** That rule's name, or null (none picked it, or it has none). */
  ruleName?: string | null;
  /** The caller asked for it (an example, a status, dynamic): no fault is injected in its place. */
  asked?: boolean;
  /** Why it answers; absent for the route's default made ahead (`default`). */
  reason?: ChoiceReason;
}

/** The network profile's draw for one call (shape.ts): its delay, and maybe a fault. */
export interface Shape {
  /** The delay to wait before answering, ms: the caller's, or the response's plus the latency. */
  delay: number;
  fault: NetworkDraw['fault'];
}

/** What a mock URL answers: status, headers and serialised body (none for 204). */
export interface MockAnswer {
  status: number;
  /** The list headers (`X-Total-Count`, `Link`) then the API's own, in sending order. */
  headers: readonly (readonly [string, string])[];
  payload: string | undefined;
}

/**
 * What a call answers (handle.ts), for its host to act on: an answer to send, or a connection to
 * close without one (a profile's `reset` or `empty` fault). The host sends an answer once, in one
 * way: its status, the JSON type when it has a body, then `headers` in their order (so that an
 * API's own Content-Type wins), then the payload; and it counts a call of the API `counted` names.
 */
export type Answer = SentAnswer | StreamAnswer | { kind: 'close'; how: 'reset' | 'empty' };

/**
 * A forwarded call's answer (forward.ts): the upstream's status and headers, its body streamed
 * as it arrives (none for HEAD), sent as it is (its own type and encoding, no count).
 */
export interface StreamAnswer {
  kind: 'stream';
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Readable | null;
}

/** An answer to send (see Answer). */
export interface SentAnswer {
  kind: 'send';
  status: number;
  /**
   * Every header the answer carries, in sending order: X-Mock-Response and X-Mock-Rule, the
   * network profile's RateLimit-*, then X-Mock-Fault, or the list headers and the API's own.
   */
  headers: readonly (readonly [string, string])[];
  /** The body; a large answer's or a heavy list's comes as UTF-8 bytes (made off the event loop). */
  payload: string | Buffer | undefined;
  /** The API whose answered calls are counted (its id), or null for what has no count. */
  counted: string | null;
}

/**
 * The call, step by step: one object per call, every field written when it is made (`newCall`),
 * so that every call has the same shape on a hot path. What was asked is the host's request's,
 * referenced rather than copied. `A` is the host's compiled route (API), `R` its compiled
 * response, `P` its project, `C` a collection call resolved.
 */
export interface MockCall<A, R, P, C> {
  method: string;
  /** The URL as sent, query included. */
  url: string;
  query: RawQuery;
  headers: Record<string, string | string[] | undefined>;
  /** The caller's address. */
  client: string;
  /** A project's JSON body as read (null when unreadable; undefined when none was read). */
  body: unknown;
  /** Why the body could not be read as a record, if it could not. */
  bodyProblem: BodyProblem | null;
  /** The body's first bytes as received, for the log (null when nothing logs). */
  rawBody: Buffer[] | null;
  /** The project that answers (a route called at its stand-alone URL has its project too). */
  project: P | null;
  /** The route (API) found, or null (none, an OPTIONS, or a collection). */
  route: A | null;
  /** The path's parameters as the route declares them. */
  params: Record<string, string | number | boolean> | null;
  /** A call to a collection (or the reset of the project's state), resolved. */
  collection: C | null;
  /** The response chosen, and why (choose.ts). */
  chosen: Chosen<R> | null;
  /** The delay waited (ms): the caller's, or the response's and the profile's draw. */
  delay: number;
  /** The fault injected, as the log names it: its status, `reset` or `empty`; null for none. */
  fault: string | null;
  /** A refusal kept for after the body is read (a project's path of no route: logged with it). */
  refusal: Error | null;
  /** Already captured (a fault that closes the connection is captured before it does). */
  captured: boolean;
  /**
   * The headers the answer was given before it was made (X-Mock-Response, X-Mock-Rule, the
   * profile's RateLimit-*), or null: a refusal past that point (a bad list query, a delay past
   * its client's share) carries them too, as the answer would have.
   */
  answerHeaders: readonly (readonly [string, string])[] | null;
  /** How the call breaks its route's OpenAPI contract, in words (validate.ts), or null. */
  violations: string[] | null;
  /**
   * The whole body as received, read only for a call its project's proxy forwards ('too-large'
   * past MAX_FORWARDED_BODY_BYTES); null otherwise.
   */
  forwardBody: Buffer | 'too-large' | null;
  /** A forwarded call's upstream answer: its status and time (forward.ts); null otherwise. */
  upstream: { status: number; ms: number } | null;
  /**
   * Where a forwarded call's JSON answer disagrees with its operation's response schema in the
   * project's spec, in words (forward.ts, drift); null when nothing was checked or all agreed.
   */
  drift: string[] | null;
}

/** A call as its host receives it, nothing resolved yet. */
export function newCall<A, R, P, C>(
  method: string,
  url: string,
  query: RawQuery,
  headers: Record<string, string | string[] | undefined>,
  client: string,
): MockCall<A, R, P, C> {
  return {
    method,
    url,
    query,
    headers,
    client,
    body: undefined,
    bodyProblem: null,
    rawBody: null,
    project: null,
    route: null,
    params: null,
    collection: null,
    chosen: null,
    delay: 0,
    fault: null,
    refusal: null,
    captured: false,
    answerHeaders: null,
    violations: null,
    forwardBody: null,
    upstream: null,
    drift: null,
  };
}

/** The first of a header's or a query parameter's values (Node gives a repeated one as a list). */
export function firstOf(value: string | readonly string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

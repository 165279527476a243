/**
 * One mock call as it goes through the steps (resolve → admit → choose → shape → answer →
 * capture), as WireMock's ServeEvent: what was asked, what answered it and why, the network's
 * draw, the answer and its timings. The host builds it from its request; each step fills its
 * part; the log reads it once the answer is sent.
 */
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
 * The answer of a call, one type whatever made it: a rendered body (a template, a large answer
 * rendered in a worker, a collection's operation: UTF-8 bytes when made off the event loop), or
 * an injected fault that sends nothing (`reset`, `empty`).
 */
export type Answer =
  | {
      kind: 'body';
      status: number;
      headers: readonly (readonly [string, string])[];
      payload: string | Buffer | undefined;
    }
  | { kind: 'drop'; fault: 'reset' | 'empty' };

/** What the call asked: the request as the steps read it. */
export interface CallRequest {
  method: string;
  /** The URL as sent, query included. */
  url: string;
  /** The path after the project's base URL (`/users/42`), query allowed; the URL's for an API. */
  path: string;
  query: RawQuery;
  headers: Record<string, string | string[] | undefined>;
  /** A JSON body as read (null when none or unreadable), for templates and rules. */
  body: unknown;
  /** Why the body could not be read as a record, if it could not. */
  bodyProblem: BodyProblem | null;
  /** The caller's address. */
  client: string;
}

/**
 * The call, step by step. `R` is the host's compiled response, `A` its compiled route (API),
 * `P` its project; fixed fields, all written when the call is made, so that every call has the
 * same shape (a hot path).
 */
export interface MockCall<A, R, P> {
  request: CallRequest;
  /** The project that answers (a route called at its stand-alone URL has its project too). */
  project: P | null;
  /** The route (API) found, or null (none, or a collection). */
  route: A | null;
  /** The path's parameters as the route declares them. */
  params: Record<string, string | number | boolean> | null;
  /** The response chosen, and why. */
  chosen: Chosen<R> | null;
  /** The network's draw (delay, fault). */
  shape: Shape | null;
  /** The answer, once made. */
  answer: Answer | null;
  /** The refusal that answered instead, if any (the log reads the route it came after). */
  refusal: Error | null;
  /** When the call began (ms since the epoch, the host's clock). */
  at: number;
}

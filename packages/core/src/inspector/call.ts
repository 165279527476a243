/**
 * What a call was made to: a project, or a stand-alone API (one of the single mock URLs). Exactly
 * one is set; a project's call may leave `apiId` out.
 */
export type CallOwner = { projectId: string; apiId?: null } | { projectId: null; apiId: string };

/** The id of what a call was made to: its project's, or its stand-alone API's. */
export function ownerIdOf(owner: CallOwner): string {
  return owner.projectId ?? owner.apiId;
}

/**
 * One call of a project or of a stand-alone API as the request log keeps it, before the log has
 * written it and given it its id: built by `callOf` from its capture (CallCapture) once it is to
 * be stored, masked, written, and rolled up by the analytics.
 */
export type NewLoggedCall = CallOwner & {
  at: Date;
  method: string;
  /** After the base URL, without the query. */
  path: string;
  /**
   * The route that answered (`GET /users/{id}`), or null when none did (a 404); for a
   * collection's call, the place of the collection that answered (`GET /users`).
   */
  route: string | null;
  /** The collection that answered (its name), or null when a route did or nothing did. */
  collection: string | null;
  /** The query string, without `?`, secrets masked. */
  query: string;
  /** The headers, secrets masked (as received until `masked`, for the calls never stored). */
  headers: Record<string, string>;
  /** At most 16 KB, secrets masked; null when there was none. */
  body: string | null;
  bodyTruncated: boolean;
  /** 0 for a connection reset or closed by an injected fault. */
  status: number;
  response: string | null;
  /** The rule that picked the response, 1-based. */
  rule: number | null;
  latencyMs: number;
  /** The delay the network profile or the caller added. */
  delayMs: number;
  /** An injected fault: its status, `reset` or `empty`. */
  fault: string | null;
  /**
   * A call the project's proxy forwarded (no route answered it): the upstream's status and the
   * milliseconds it took to answer; null for a call answered here.
   */
  upstream: { status: number; ms: number } | null;
  session: string | null;
  /** The client: its address where the call is made, a salted hash once recorded. */
  client: string;
  /**
   * How the call broke its route's OpenAPI contract, in words (`query.limit: must be an integer,
   * got "ten"`), when its project validates calls (issue 40); null or absent when it broke none.
   */
  violations?: string[] | null;
  /**
   * Where a forwarded call's answer disagrees with its operation's response schema in the
   * project's spec (drift, issue 40: `body.items[0].price: must be a number, got "12"`); null or
   * absent when nothing was checked or all agreed.
   */
  drift?: string[] | null;
  /**
   * False while the headers and query are still as received: the log masks them when it
   * stores the call (most calls of a flood are never stored, and never cost a mask).
   */
  masked?: boolean;
};

/**
 * A logged call once written, with its id in the log: what the inspector lists, the live feeds
 * announce and the verification API answers (as a LoggedCallView, see schemas/inspector.ts).
 */
export type LoggedCall = NewLoggedCall & { id: number };

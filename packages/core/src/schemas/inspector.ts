/**
 * The request inspector and the verification API (`/backend/projects/{id}/requests...`): what
 * was called, with what (secrets masked), and what answered.
 */
import { z } from './zod.ts';

/** The most entries one call of the verification API answers. */
export const MAX_REQUESTS_PER_PAGE = 1_000;

/**
 * A logged call as the inspector, the live feeds and the verification API show it (no owner ids,
 * the time as ISO 8601). Its OpenAPI name is the API's word, `LoggedRequest`, as its list's
 * field is `requests`.
 */
export const loggedCallSchema = z
  .object({
    id: z.number(),
    /** ISO 8601. */
    at: z.string(),
    method: z.string(),
    path: z.string(),
    /** The route that answered (`GET /users/{id}`), or null when none did (a 404). */
    route: z.string().nullable(),
    /** The collection that answered (its name; `route` is then its place), or null. */
    collection: z.string().nullable(),
    /** The query string, without `?`. */
    query: z.string(),
    /** Secrets masked: `••••` and their last 4 characters. */
    headers: z.record(z.string(), z.string()),
    /** At most 16 KB, secrets masked; null when there was none. */
    body: z.string().nullable(),
    bodyTruncated: z.boolean(),
    /** 0 for a connection reset or closed by an injected fault. */
    status: z.number(),
    response: z.string().nullable(),
    /** The rule that picked the response, 1-based. */
    rule: z.number().nullable(),
    latencyMs: z.number(),
    /** The delay added by the network profile or the caller. */
    delayMs: z.number(),
    /** An injected fault: its status, `reset` or `empty`. */
    fault: z.string().nullable(),
    /**
     * A call the project's proxy forwarded (no route answered it): the upstream's status and
     * its time in milliseconds; null for a call answered by the project itself.
     */
    upstream: z.object({ status: z.number(), ms: z.number() }).nullable(),
    session: z.string().nullable(),
    /** The client's address as a salted hash. */
    client: z.string(),
    /**
     * How the call broke its route's OpenAPI contract, in words (`query.limit: must be an
     * integer, got "ten"`), when its project validates calls; null when it broke none.
     */
    violations: z.array(z.string()).nullable(),
    /**
     * Where a forwarded call's answer disagrees with its operation's response schema in the
     * project's spec (`body.items[0].price: must be a number, got "12"`); null when nothing was
     * checked or all agreed.
     */
    drift: z.array(z.string()).nullable(),
  })
  .meta({ id: 'LoggedRequest' });
export type LoggedCallView = z.infer<typeof loggedCallSchema>;

/**
 * Whether the log holds every call it promises (the newest 1,000 of the project or API): false
 * when some could not be kept, and then how many (since `since`, or since the log was cleared).
 */
const completenessShape = {
  /** True when no call was dropped: the answer is exact. */
  complete: z.boolean(),
  /** Calls answered but missing from the log (its queue was full, or a write failed). */
  dropped: z.number(),
};

export const requestListSchema = z.object({
  requests: z.array(loggedCallSchema),
  ...completenessShape,
});
export type RequestList = z.infer<typeof requestListSchema>;

const statusSchema = z.coerce
  .number({ error: 'status must be a number from 100 to 599, or 0' })
  .int()
  .min(0)
  .max(599);

/** The filters of the verification API and the inspector. */
export const requestFiltersSchema = z.object({
  method: z
    .string()
    .regex(/^[A-Za-z]{1,10}$/, 'method must be a method name such as GET')
    .optional(),
  /** The path exactly, or a prefix ending in `*`. */
  path: z.string().max(2000).optional(),
  status: statusSchema.optional(),
  /** A session's name; empty for calls without one. */
  session: z.string().max(64).optional(),
  /** ISO 8601: calls at or after it. */
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 date-time' }).optional(),
  /** Calls with a larger id. */
  after: z.coerce.number().int().min(0).optional(),
  /** Text anywhere in the method, path, query, body or response name. */
  q: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be from 1 to 1000')
    .max(MAX_REQUESTS_PER_PAGE, 'limit must be from 1 to 1000')
    .default(100),
});
export type RequestFiltersInput = z.input<typeof requestFiltersSchema>;

export const requestCountSchema = z.object({ count: z.number(), ...completenessShape });

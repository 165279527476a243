/**
 * Who is calling a mock URL, for the platform's rate limit: the owner of what is called, when
 * the call proves it is theirs, else an address. An owner testing their own project in CI (a
 * fault-injection run makes hundreds of calls a minute) should not meet the limit that keeps
 * strangers from flooding the service; they get a larger one of their own (MOCK_OWNER_RATE_LIMIT,
 * counted per account whatever the addresses).
 *
 * A call proves it is its owner's by one of:
 * - an API key of the owner (`mks_...`), in `Authorization: Bearer` or, where the route wants its
 *   own token there, in `X-Mocksmith-Key`;
 * - the route's token (a protected route or API: the call got past its check, so it holds it);
 * - the project's or the collection's token on a collection's call (its access is the owner's).
 */
import { createHash } from 'node:crypto';
import { isApiKeyShaped } from '@mocksmith/core/keys';
import type { FastifyRequest } from 'fastify';
import { type Refusal, windowText } from '../../lib/rate-limits.ts';

/** The header that carries an owner's API key when `Authorization` carries a route's token. */
export const OWNER_KEY_HEADER = 'x-mocksmith-key';

const BEARER_KEY = /^bearer +(mks_\S*)$/i;

/** What the recognition needs of the service's accounts. */
export interface OwnerProofs {
  /** The account a live API key belongs to (its owner not banned), or null; absent: no keys. */
  keyOwner?: (key: string) => Promise<string | null>;
}

export interface OwnerRecognizerOptions {
  /** How long a key's owner (or that it has none) is remembered, per node. */
  ttlMs?: number;
  /** Keys remembered, past which the memo starts again. */
  maxKeys?: number;
  /** Key lookups at once per node; past them a call counts as its address's meanwhile. */
  maxLookups?: number;
  now?: () => number;
}

/** The counted value of a call: `owner:{account}` or the address. */
export const OWNER_PREFIX = 'owner:';

/**
 * Makes the rate limit's `key` of the mock URLs: `owner:{id}` for a call that proves it is its
 * owner's, else the client's address. Keys are looked up once per `ttlMs` per node (by their
 * SHA-256, never kept themselves); at most `maxLookups` at once, so that a flood of made-up
 * keys costs the database a bounded number of indexed reads, its calls counted by address.
 */
export function createOwnerRecognizer(
  proofs: OwnerProofs,
  {
    ttlMs = 60_000,
    maxKeys = 10_000,
    maxLookups = 16,
    now = Date.now,
  }: OwnerRecognizerOptions = {},
) {
  const known = new Map<string, { owner: string | null; until: number }>();
  const pending = new Map<string, Promise<string | null>>();

  const ownerOfKey = (key: string): string | null | Promise<string | null> => {
    const { keyOwner } = proofs;
    if (!keyOwner) return null;
    const digest = createHash('sha256').update(key).digest('base64url');
    const memo = known.get(digest);
    if (memo !== undefined && memo.until > now()) return memo.owner;
    const running = pending.get(digest);
    if (running) return running;
    if (pending.size >= maxLookups) return null;
    // A failed lookup (the database away) is not remembered: the next call asks again.
    const lookup = keyOwner(key)
      .then(
        (owner) => {
          if (known.size >= maxKeys) known.clear();
          known.set(digest, { owner, until: now() + ttlMs });
          return owner;
        },
        () => null,
      )
      .finally(() => pending.delete(digest));
    pending.set(digest, lookup);
    return lookup;
  };

  return {
    /**
     * The account a personal API key belongs to (live, its owner not banned), or null; looked
     * up as above, so a key costs the database one read a minute per node.
     */
    ownerOfKey,

    /** What a mock call is counted as (see the module's comment). */
    countedAs(request: FastifyRequest): string | Promise<string> {
      const call = request.mockCall;
      const owner =
        call.project?.ownerId ?? call.collection?.project.ownerId ?? call.route?.ownerId ?? null;
      if (owner === null) return call.client;
      const mine = `${OWNER_PREFIX}${owner}`;
      // The route's token, or the project's or collection's, was checked when the call was
      // resolved: holding it proves it.
      if (call.route?.authToken || call.collection?.access.kind === 'owner') {
        return mine;
      }
      const key = keyOf(request);
      if (key === undefined) return call.client;
      const found = ownerOfKey(key);
      return found instanceof Promise
        ? found.then((keyOwner) => (keyOwner === owner ? mine : call.client))
        : found === owner
          ? mine
          : call.client;
    },
  };
}

/** The API key a call carries, if any: `X-Mocksmith-Key`, else `Authorization: Bearer mks_...`. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[OWNER_KEY_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const key = given?.trim() ?? BEARER_KEY.exec(request.headers.authorization ?? '')?.[1];
  return key !== undefined && isApiKeyShaped(key) ? key : undefined;
}

export type OwnerRecognizer = ReturnType<typeof createOwnerRecognizer>;

/**
 * The refusal of the mock URLs' limit, saying whose counter it was, its real window, and how
 * to get more: the owner's key or a token, or the variables of a self-hosted server.
 */
export function mockLimitRefusal(ownerMax: number) {
  const count = (n: number) => n.toLocaleString('en-US');
  return ({ max, windowS, retryS, counted }: Refusal): string => {
    const limit = `Rate limit exceeded: at most ${count(max)} requests per ${windowText(windowS)}`;
    if (counted.startsWith(OWNER_PREFIX)) {
      return `${limit} for the owner of this project or API. Try again in ${retryS} seconds. A self-hosted server raises it with MOCK_OWNER_RATE_LIMIT (0: no limit for owners)`;
    }
    const more = ownerMax === 0 ? 'no limit' : `${count(ownerMax)} per ${windowText(windowS)}`;
    return `${limit} from this address. Try again in ${retryS} seconds. The owner's calls get ${more}: send one of the owner's API keys (X-Mocksmith-Key: mks_... or Authorization: Bearer mks_...) or the token of the route, the project or the collection; a self-hosted server raises MOCK_RATE_LIMIT`;
  };
}

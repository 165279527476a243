/**
 * The admit step (DESIGN.md §4b): whether a call found its route may have an answer. A route
 * stopped by a moderator 403 (its owner banned, or itself disabled); a stand-alone URL's
 * endpoint 404 and method 405; a protected route's bearer token 401 (with WWW-Authenticate); who
 * calls a collection or a reset (its token, the project's, or a personal API key still to check).
 * Tokens are compared as SHA-256 digests in constant time. The platform's and the profiles'
 * rate limits are the host's hooks and shape.ts for now.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, authMessages, ErrorCode } from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import { galleryMessages } from '@mocksmith/core/gallery';
import { isApiKeyShaped } from '@mocksmith/core/keys';

/** What admit needs of a route (a compiled API). */
export interface AdmittableApi {
  requestId: string;
  method: string;
  customEndpoint: string | null;
  authToken: string | null;
  /** Why a moderator stopped its URLs, or null. */
  stopped: 'owner-banned' | 'disabled' | null;
  /** Whether a called path is its custom endpoint; null when it has none. */
  matchesEndpoint: ((path: string) => boolean) | null;
}

/** What admit needs of a project: the tokens of its collections and its own. */
export interface AdmittableProject {
  collections: readonly CollectionDefinition[];
  settings: { authToken?: string | null };
}

/**
 * Who calls a collection (or a reset), as its Authorization header says: the owner (a token of
 * the project or of the collection), anyone (an open collection), or a personal API key still to
 * be checked: the owner's acts as the owner, any other as anyone, refused with `refusal` when a
 * token is required.
 */
export type CollectionAccess =
  | { kind: 'owner' }
  | { kind: 'anyone' }
  | { kind: 'key'; key: string; refusal: AppError | null };

/**
 * The checks of a stand-alone URL once its API is found and not stopped: its endpoint (404,
 * `rest` being what follows the id, without its leading slash), its method (405 with Allow), its
 * token (401). A refusal here is the API's call, for its log: the caller has the API in hand.
 */
export function admit(
  api: AdmittableApi,
  method: string,
  rest: string | undefined,
  authorization: string | undefined,
): void {
  if (rest !== undefined && rest !== '' && !api.matchesEndpoint?.(`/${rest.replace(/\/+$/, '')}`)) {
    throw new AppError(
      ErrorCode.ENDPOINT_NOT_FOUND,
      `Mock API "${api.requestId}" has no endpoint "/${rest}"${api.customEndpoint ? `; its endpoint is "${api.customEndpoint}"` : ''}`,
    );
  }
  const asked = method === 'HEAD' ? 'GET' : method;
  if (asked !== api.method) {
    throw new AppError(
      ErrorCode.METHOD_NOT_ALLOWED,
      `This mock API answers ${api.method} requests, not ${method}`,
      {
        headers: { Allow: api.method === 'GET' ? 'GET, HEAD, OPTIONS' : `${api.method}, OPTIONS` },
      },
    );
  }
  admitToken(api, authorization);
}

/**
 * Whether the Authorization header carries the API's token. Compared as SHA-256 digests, in
 * constant time: digests are of one length, so not even the token's length shows in the timing.
 */
function hasBearer(header: string | undefined, token: string): boolean {
  // The scheme's name is case-insensitive (RFC 9110 section 11.1): `bearer`, `BEARER` alike.
  if (header === undefined || header.slice(0, 7).toLowerCase() !== 'bearer ') return false;
  const given = createHash('sha256').update(header.slice(7).trim()).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}

/** Stopped by a moderator: 403 (owner banned, or the API disabled). */
export function admitStopped(api: AdmittableApi): void {
  if (api.stopped !== null) {
    throw api.stopped === 'owner-banned'
      ? new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.suspended)
      : new AppError(ErrorCode.FORBIDDEN, galleryMessages.apiDisabled);
  }
}

/** A missing or wrong bearer token of a protected API: 401 with WWW-Authenticate. */
export function admitToken(api: AdmittableApi, authorization: string | undefined): void {
  if (api.authToken !== null && !hasBearer(authorization, api.authToken)) {
    const given = authorization !== undefined;
    throw new AppError(
      ErrorCode.UNAUTHORIZED,
      given
        ? 'The bearer token is wrong for this mock API'
        : 'This mock API requires an Authorization: Bearer header with its token',
      {
        headers: {
          'WWW-Authenticate': given
            ? 'Bearer realm="mocksmith", error="invalid_token"'
            : 'Bearer realm="mocksmith"',
        },
      },
    );
  }
}

const OWNER: CollectionAccess = { kind: 'owner' };
const ANYONE: CollectionAccess = { kind: 'anyone' };

/** The bearer credential of an Authorization header (any letter case of the scheme), or null. */
function bearerOf(header: string | undefined): string | null {
  if (header === undefined || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  return header.slice(7).trim();
}

/** A 401 of a collection or a reset, with WWW-Authenticate, in `what`'s words. */
function tokenRequired(given: boolean, what: string, which: string): AppError {
  return new AppError(
    ErrorCode.UNAUTHORIZED,
    given
      ? `The bearer token is wrong for ${what}: send ${which} (Authorization: Bearer)`
      : `${what[0]?.toUpperCase()}${what.slice(1)} requires an Authorization: Bearer header with ${which}`,
    {
      headers: {
        'WWW-Authenticate': given
          ? 'Bearer realm="mocksmith", error="invalid_token"'
          : 'Bearer realm="mocksmith"',
      },
    },
  );
}

/**
 * Who calls a collection: the tokens it takes are its own and the project's (either admits the
 * call, as the owner's); with none, it is open to anyone. A personal API key is left to check.
 */
export function collectionAccess(
  project: AdmittableProject,
  collection: CollectionDefinition,
  authorization: string | undefined,
): CollectionAccess {
  const own = collection.authToken ?? null;
  const projects = project.settings.authToken ?? null;
  const given = bearerOf(authorization);
  if (given === null && own === null && projects === null) return ANYONE;
  if (
    (own !== null && hasBearer(authorization, own)) ||
    (projects !== null && hasBearer(authorization, projects))
  ) {
    return OWNER;
  }
  const refusal =
    own === null && projects === null
      ? null
      : tokenRequired(
          given !== null,
          `collection ${collection.name}`,
          own === null
            ? 'the project’s token'
            : projects === null
              ? 'its token'
              : 'its token or the project’s',
        );
  if (given !== null && isApiKeyShaped(given)) return { kind: 'key', key: given, refusal };
  if (refusal) throw refusal;
  return ANYONE;
}

/**
 * The access of a call that needs two places' (a nested list: its collection's and its parent's;
 * a missing token of either has already thrown): an API key still to check against either's
 * refusal keeps that refusal, else the first's.
 */
export function stricter(
  first: CollectionAccess,
  second: CollectionAccess | undefined,
): CollectionAccess {
  if (second === undefined || (first.kind === 'key' && first.refusal)) return first;
  return second.kind === 'key' && second.refusal ? second : first;
}

/**
 * Who resets a project's state: a reset changes every collection of a session, so it needs the
 * project's token when the project has one, else the token its collections' own tokens share
 * (collections with different tokens of their own and no project token: only the owner's API key
 * or the dashboard resets them). With no token anywhere it is open to anyone.
 */
export function resetAccess(
  project: AdmittableProject,
  authorization: string | undefined,
): CollectionAccess {
  const projects = project.settings.authToken ?? null;
  const required =
    projects !== null
      ? [projects]
      : [...new Set(project.collections.flatMap((c) => (c.authToken ? [c.authToken] : [])))];
  const given = bearerOf(authorization);
  if (required.length === 0) {
    return given !== null && isApiKeyShaped(given)
      ? { kind: 'key', key: given, refusal: null }
      : ANYONE;
  }
  if (required.length === 1 && hasBearer(authorization, required[0] as string)) return OWNER;
  const refusal = tokenRequired(
    given !== null,
    'the reset of this project',
    projects !== null
      ? 'the project’s token'
      : required.length === 1
        ? 'the token of its collections'
        : 'a token set on the project (its collections have different tokens of their own), or reset from the dashboard',
  );
  if (given !== null && isApiKeyShaped(given)) return { kind: 'key', key: given, refusal };
  throw refusal;
}

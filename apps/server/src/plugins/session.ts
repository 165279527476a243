/**
 * The session of a request: who is signed in, decided on the server from the session cookie,
 * or, for a request without cookies, from a personal API key (`Authorization: Bearer mks_...`).
 * The signed-in routes live in encapsulated scopes (`registerSignedIn`) whose preHandler
 * requires one of them; inside, `getUser(request)` is the user. A session-only scope (the
 * calls that change the account itself) refuses keys.
 */
import { ErrorCode } from '@mocksmith/core';
import { apiKeyMessages } from '@mocksmith/core/keys';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** The signed-in user of a request, as routes and services see it. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  /** An administrator (role 'admin'), as the session's user row says now. */
  isAdmin?: boolean;
}

/** An answer body and the cookies to set with it (a renewed session, a signed-out one). */
export interface WithCookies<T> {
  body: T;
  cookies: string[];
}

/** What the session needs of the accounts: the user behind a request's cookies. */
export interface SessionSource {
  /** The signed-in user (401 without a valid session, 403 when banned) and renewed cookies. */
  requireUser(headers: Headers): Promise<WithCookies<AuthUser>>;
}

/** What the session needs of the API keys: the user a key acts as. */
export interface KeySource {
  /**
   * The key's owner, never as an administrator (401 for a key that is not live, 403 with the
   * suspended text for a banned owner).
   */
  userOfKey(key: string): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The user of an API key (see `KeySource`), for the signed-in scopes. */
    userOfKey(key: string): Promise<AuthUser>;
    /**
     * The request's signed-in user, or null for a visitor (no session, or an ended one). A
     * banned user is no visitor: the call is refused (403, the suspended text).
     */
    findUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    /** The signed-in user, set in the signed-in scope. Read it with `getUser`. */
    user: AuthUser | null;
  }
}

/** `Bearer mks_...`: the scheme is case-insensitive (RFC 9110); the key is checked later. */
const BEARER_KEY = /^bearer +(mks_\S*)$/i;

/**
 * The API key a request signs in with: `Authorization: Bearer mks_...` on a request without
 * cookies, else null. A request with cookies is a browser's, and its session decides.
 */
export function apiKeyOf(request: FastifyRequest): string | null {
  if (request.headers.cookie) return null;
  const match = BEARER_KEY.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The request headers the accounts need: the cookies (session, OAuth state) and the user agent.
 * The Origin was checked already (plugins/origin-check.ts), so it is not passed on.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers['user-agent']) headers.set('user-agent', request.headers['user-agent']);
  return headers;
}

/** Sets the cookies an answer carries. */
export function setCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * The signed-in user of a request in the signed-in scope. Outside it there is none, which is a
 * bug of ours rather than the client's: it answers 401 all the same.
 */
export function getUser(request: FastifyRequest): AuthUser {
  if (!request.user) {
    throw new AppError(ErrorCode.UNAUTHENTICATED, 'You need to be signed in');
  }
  return request.user;
}

/**
 * Gives every request `user` (null until the signed-in scope sets it) and the app `findUser`,
 * for the calls a visitor may make too (preview, OpenAPI import, the gallery's list). A banned
 * session is refused there as on every signed-in call, rather than served as a visitor; so is a
 * key that is not live (401), since a script that sent one did not mean to act anonymously.
 */
export function registerSession(
  app: FastifyInstance,
  sessions: SessionSource,
  keys: KeySource,
): void {
  app.decorateRequest('user', null);
  app.decorate('userOfKey', (key: string) => keys.userOfKey(key));
  app.decorate('findUser', async (request: FastifyRequest) => {
    const key = apiKeyOf(request);
    if (key !== null) return keys.userOfKey(key);
    if (!request.headers.cookie) return null;
    try {
      return (await sessions.requireUser(authHeaders(request))).body;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) return null;
      throw error;
    }
  });
}

export interface SignedInOptions {
  /**
   * Refuse API keys (403 FORBIDDEN, before the body is read): the calls that change the account
   * itself (password, deletion, the keys) need a signed-in session.
   */
  sessionOnly?: boolean;
}

/**
 * Registers `routes` in a scope where every route needs a session or an API key: its
 * preHandler answers 401 without either and 403 for a banned user, before any route-level hook
 * or handler runs, and sets the user and any renewed session cookie.
 */
export async function registerSignedIn(
  app: FastifyInstance,
  sessions: SessionSource,
  routes: FastifyPluginAsync,
  { sessionOnly = false }: SignedInOptions = {},
): Promise<void> {
  await app.register(async (scope) => {
    if (sessionOnly) {
      scope.addHook('onRequest', async (request) => {
        if (apiKeyOf(request) !== null) {
          throw new AppError(ErrorCode.FORBIDDEN, apiKeyMessages.sessionOnly);
        }
      });
    }
    scope.addHook('preHandler', async (request, reply) => {
      const key = apiKeyOf(request);
      if (key !== null) {
        request.user = await scope.userOfKey(key);
        return;
      }
      const { body, cookies } = await sessions.requireUser(authHeaders(request));
      request.user = body;
      setCookies(reply, cookies);
    });
    await scope.register(routes);
  });
}

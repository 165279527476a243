/**
 * The session of a request: who is signed in, decided on the server from the session cookie
 * alone. The signed-in routes live in one encapsulated scope (`registerSignedIn`) whose
 * preHandler requires the session; inside it, `getUser(request)` is the user.
 */
import { ErrorCode } from '@mocksmith/core';
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

declare module 'fastify' {
  interface FastifyInstance {
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
 * session is refused there as on every signed-in call, rather than served as a visitor.
 */
export function registerSession(app: FastifyInstance, sessions: SessionSource): void {
  app.decorateRequest('user', null);
  app.decorate('findUser', async (request: FastifyRequest) => {
    if (!request.headers.cookie) return null;
    try {
      return (await sessions.requireUser(authHeaders(request))).body;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) return null;
      throw error;
    }
  });
}

/**
 * Registers `routes` in a scope where every route needs a session: its preHandler answers 401
 * without one and 403 for a banned user, before any route-level hook or handler runs, and sets
 * the user and any renewed session cookie.
 */
export async function registerSignedIn(
  app: FastifyInstance,
  sessions: SessionSource,
  routes: FastifyPluginAsync,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      const { body, cookies } = await sessions.requireUser(authHeaders(request));
      request.user = body;
      setCookies(reply, cookies);
    });
    await scope.register(routes);
  });
}

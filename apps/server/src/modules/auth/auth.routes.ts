/**
 * The account calls of the spec (section 7) plus `GET /backend/user/me`, `POST
 * /backend/user/logout` and the Google sign-in start. Login, registration and the reset requests
 * are rate-limited per client and per e-mail address.
 */
import {
  AuthErrorCode,
  authMessages,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  googleCallbackInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from '@mocksmith/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { keyedLimit } from '../../lib/rate-limit.ts';
import { parseBody } from '../../lib/validate.ts';
import type { AuthService, AuthUser } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 401 without a session and 403 for a banned user. */
    requireUser: preHandlerHookHandler;
    /** The request's signed-in user, or null (no session, an ended one, or a banned user). */
    findUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`. */
    user: AuthUser | null;
  }
}

export interface AuthRoutesOptions {
  config: Config;
  service: AuthService;
}

/**
 * The request headers better-auth needs: the cookies (session, OAuth state) and the user agent.
 * The Origin was checked already (plugins/origin-check.ts), so it is not passed on.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers['user-agent']) headers.set('user-agent', request.headers['user-agent']);
  return headers;
}

function setCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
}

/**
 * Gives the whole app `request.user` and the `requireUser` preHandler (at the root, so every
 * module's routes see them).
 */
export function decorateAuth(app: FastifyInstance, service: AuthService): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const { body, cookies } = await service.requireUser(authHeaders(request));
    request.user = body;
    setCookies(reply, cookies);
  });
  app.decorate('findUser', async (request: FastifyRequest) => {
    if (!request.headers.cookie) return null;
    try {
      return (await service.requireUser(authHeaders(request))).body;
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 403)) {
        return null;
      }
      throw error;
    }
  });
}

export async function authRoutes(app: FastifyInstance, { config, service }: AuthRoutesOptions) {
  /**
   * Per-client and (for calls about an address) per-address limits of one route, counted
   * apart. They run after body parsing, so the address key is the address the request is about.
   */
  const limited = (route: string, byAddress = true) => {
    const windowS = config.AUTH_RATE_WINDOW_S;
    const limits = [
      keyedLimit(app, { name: `${route}-client`, max: config.AUTH_RATE_LIMIT, windowS }),
      byAddress
        ? keyedLimit(app, {
            name: `${route}-address`,
            max: config.AUTH_ADDRESS_RATE_LIMIT,
            windowS,
            key: (request) => emailOf(request) ?? `ip:${request.ip}`,
          })
        : null,
    ].filter((limit) => limit !== null);
    return { preHandler: limits };
  };

  app.post('/backend/user/register', limited('register'), async (request, reply) => {
    const input = parseBody(registerInputSchema, request.body);
    await service.register(input, authHeaders(request));
    reply.code(201);
    return { message: authMessages.registered };
  });

  app.post('/backend/user/login', limited('login'), async (request, reply) => {
    const input = parseBody(loginInputSchema, request.body);
    const { body, cookies } = await service.login(input, authHeaders(request));
    setCookies(reply, cookies);
    return body;
  });

  app.get('/backend/user/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { body, cookies } = await service.me(authHeaders(request));
    setCookies(reply, cookies);
    return body;
  });

  app.post('/backend/user/logout', async (request, reply) => {
    setCookies(reply, await service.logout(authHeaders(request)));
    return { message: authMessages.loggedOut };
  });

  app.get<{ Params: { token: string } }>(
    '/backend/user/verify/:token',
    limited('verify', false),
    async (request) => {
      await service.verifyEmail(request.params.token);
      return { message: authMessages.verified };
    },
  );

  app.post('/backend/user/forgot-password', limited('forgot'), async (request) => {
    const { email } = parseBody(forgotPasswordInputSchema, request.body);
    await service.requestPasswordReset(email, 'error');
    return { message: authMessages.forgotPasswordSent };
  });

  app.post('/api/user/request-password-reset', limited('forgot'), async (request) => {
    const { email } = parseBody(forgotPasswordInputSchema, request.body);
    await service.requestPasswordReset(email, 'mail');
    return { message: authMessages.resetRequested };
  });

  app.post('/api/user/reset-password', limited('reset', false), async (request) => {
    const { token, password } = parseBody(resetPasswordInputSchema, request.body);
    await service.resetPassword(token, password);
    return { message: authMessages.passwordReset };
  });

  app.put('/backend/user/password', { preHandler: app.requireUser }, async (request, reply) => {
    const input = parseBody(changePasswordInputSchema, request.body);
    const { cookies } = await service.changePassword(request.user!, input, authHeaders(request));
    setCookies(reply, cookies);
    return { message: authMessages.passwordUpdated };
  });

  app.delete<{ Params: { userId: string } }>(
    '/backend/user/:userId',
    { preHandler: app.requireUser },
    async (request, reply) => {
      setCookies(reply, await service.deleteAccount(request.user!, request.params.userId));
      return { message: authMessages.accountDeleted };
    },
  );

  app.get('/backend/auth/providers', async () => ({ google: config.googleEnabled }));

  const requireGoogle = async () => {
    if (!config.googleEnabled) {
      throw new AppError(
        404,
        AuthErrorCode.GOOGLE_NOT_CONFIGURED,
        authMessages.googleNotConfigured,
      );
    }
  };

  /** The Google button's target: on to the provider, with the state cookie set. */
  app.get('/backend/auth/google', { onRequest: requireGoogle }, async (request, reply) => {
    const { body: url, cookies } = await service.startGoogle(authHeaders(request));
    setCookies(reply, cookies);
    return reply.redirect(url);
  });

  app.post(
    '/backend/auth/google/callback',
    { onRequest: requireGoogle, ...limited('google', false) },
    async (request, reply) => {
      const input = parseBody(googleCallbackInputSchema, request.body);
      const { body, cookies } = await service.finishGoogle(input, authHeaders(request));
      setCookies(reply, cookies);
      return body;
    },
  );
}

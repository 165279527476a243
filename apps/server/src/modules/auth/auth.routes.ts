/**
 * The account calls of the spec (section 7) plus `GET /backend/user/me`, `POST
 * /backend/user/logout`, `POST /backend/user/unlock` and the Google sign-in start. Registration
 * and the reset requests are rate-limited per client and per e-mail address; login has budgets of
 * failures (the service's sign-in guard). The password change and the deletion of
 * an account are in the signed-in scope (`accountRoutes`).
 */
import {
  authMessages,
  authProvidersSchema,
  changePasswordInputSchema,
  ErrorCode,
  errorBodySchema,
  forgotPasswordInputSchema,
  googleCallbackInputSchema,
  loginInputSchema,
  messageResultSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  sessionUserSchema,
  tokenParamsSchema,
  userIdParamsSchema,
} from '@mocksmith/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { limitChecks, limitSettings } from '../../lib/rate-limits.ts';
import { authHeaders, getUser, setCookies } from '../../plugins/session.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  config: Config;
  service: AuthService;
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
}

const tags = ['Accounts'];
const UNLOCKED_MESSAGE = 'This browser can sign in to your account again.';

/** `POST /backend/user/unlock`: the token of a mailed unlock link. */
const unlockInputSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, { error: 'token is required' })
    .max(200, { error: 'token is not a valid link token' }),
});
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** The account calls anyone may make. */
export async function authRoutes(app: FastifyInstance, { config, service }: AuthRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Per-client and (for calls about an address) per-address limits of one route, counted
   * apart. They run after the body is validated, so the address key is the address the
   * request is about. `byAddress`: counts the calls about an address from anywhere
   * (registration and reset mails: what one address receives is bounded). Login is not limited
   * here: its budgets count failures only, in the service.
   */
  const limits = limitSettings(config);
  const address = (request: FastifyRequest) => emailOf(request) ?? `ip:${request.ip}`;
  const limited = (route: string, byAddress = true) => ({
    preHandler: limitChecks(
      app,
      limits.accountClient(route),
      ...(byAddress ? [limits.accountAddress(route, address)] : []),
    ),
  });

  routes.post(
    '/backend/user/register',
    {
      ...limited('register'),
      schema: {
        tags,
        summary: 'Create an account and mail its verification link',
        description: 'Answers the same whether or not the address is registered.',
        body: registerInputSchema,
        response: { 201: messageResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.register(request.body, authHeaders(request));
      reply.code(201);
      return { message: authMessages.registered };
    },
  );

  routes.post(
    '/backend/user/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginInputSchema,
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body, cookies } = await service.login(request.body, authHeaders(request), request.ip);
      setCookies(reply, cookies);
      return body;
    },
  );

  routes.post(
    '/backend/user/unlock',
    {
      ...limited('unlock', false),
      schema: {
        tags,
        summary: 'Let this browser sign in past its account’s spent budget, from a mailed link',
        description:
          'The link is mailed to an account whose wrong-password budget is spent; it works once, for an hour, and marks the browser as a known device of the account.',
        body: unlockInputSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      setCookies(reply, await service.unlockSignIn(request.body.token, authHeaders(request)));
      return { message: UNLOCKED_MESSAGE };
    },
  );

  routes.get(
    '/backend/user/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: sessionUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { body, cookies } = await service.me(authHeaders(request));
      setCookies(reply, cookies);
      return body;
    },
  );

  routes.post(
    '/backend/user/logout',
    {
      schema: {
        tags,
        summary: 'End the session',
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      setCookies(reply, await service.logout(authHeaders(request)));
      return { message: authMessages.loggedOut };
    },
  );

  routes.get(
    '/backend/user/verify/:token',
    {
      ...limited('verify', false),
      schema: {
        tags,
        summary: 'Confirm an e-mail address from its mailed link',
        params: tokenParamsSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.verifyEmail(request.params.token);
      return { message: authMessages.verified };
    },
  );

  routes.post(
    '/backend/user/forgot-password',
    {
      ...limited('forgot'),
      schema: {
        tags,
        summary: 'Mail a password reset link',
        description: 'A Google account gets 400 naming Google Sign-In.',
        body: forgotPasswordInputSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email, 'error');
      return { message: authMessages.forgotPasswordSent };
    },
  );

  routes.post(
    '/api/user/request-password-reset',
    {
      ...limited('forgot'),
      schema: {
        tags,
        summary: 'Mail a password reset link (the alternate screen)',
        body: forgotPasswordInputSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.email, 'mail');
      return { message: authMessages.resetRequested };
    },
  );

  routes.post(
    '/api/user/reset-password',
    {
      ...limited('reset', false),
      schema: {
        tags,
        summary: 'Set a new password from a mailed token',
        body: resetPasswordInputSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return { message: authMessages.passwordReset };
    },
  );

  routes.get(
    '/backend/auth/providers',
    {
      config: { database: false },
      schema: {
        tags,
        summary: 'Which sign-in methods this server offers',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google: config.googleEnabled }),
  );

  const requireGoogle = async () => {
    if (!config.googleEnabled) {
      throw new AppError(ErrorCode.GOOGLE_NOT_CONFIGURED, authMessages.googleNotConfigured);
    }
  };

  /** The Google button's target: on to the provider, with the state cookie set. */
  routes.get(
    '/backend/auth/google',
    {
      onRequest: requireGoogle,
      schema: {
        tags,
        summary: 'Start Google sign-in: a redirect to the provider',
        response: { 302: z.undefined().describe('On to the provider'), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { body: url, cookies } = await service.startGoogle(authHeaders(request));
      setCookies(reply, cookies);
      return reply.redirect(url);
    },
  );

  routes.post(
    '/backend/auth/google/callback',
    {
      onRequest: requireGoogle,
      ...limited('google', false),
      schema: {
        tags,
        summary: 'Finish Google sign-in with the provider’s code',
        body: googleCallbackInputSchema,
        response: { 200: sessionUserSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body, cookies } = await service.finishGoogle(request.body, authHeaders(request));
      setCookies(reply, cookies);
      return body;
    },
  );
}

/** The signed-in user's account: password change and deletion (signed-in scope). */
export async function accountRoutes(app: FastifyInstance, { service }: AuthRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];

  routes.put(
    '/backend/user/password',
    {
      schema: {
        tags,
        summary: 'Change the signed-in user’s password',
        security,
        body: changePasswordInputSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { cookies } = await service.changePassword(
        getUser(request),
        request.body,
        authHeaders(request),
      );
      setCookies(reply, cookies);
      return { message: authMessages.passwordUpdated };
    },
  );

  routes.delete(
    '/backend/user/:userId',
    {
      schema: {
        tags,
        summary: 'Delete the signed-in user’s account and everything in it',
        security,
        params: userIdParamsSchema,
        response: { 200: messageResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      setCookies(reply, await service.deleteAccount(getUser(request), request.params.userId));
      return { message: authMessages.accountDeleted };
    },
  );
}

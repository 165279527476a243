/**
 * The administrators' scope: routes only an account with the admin role may call, decided on the
 * server from the session's user row on every request. Anyone else (a visitor, a signed-in user,
 * a banned one) gets the plain 404 of an unknown route, so the routes are not revealed.
 */
import { ErrorCode } from '@mocksmith/core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { routeNotFound } from './errors.ts';

/**
 * Registers `routes` in a scope whose onRequest hook answers 404 to anyone but an administrator
 * and sets the user otherwise; inside it, `getUser(request)` is the administrator. The hook runs
 * before the body is read and validated, so a non-administrator learns nothing from a 400 either.
 */
export async function registerAdmin(
  app: FastifyInstance,
  routes: FastifyPluginAsync,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const user = await app.findUser(request);
      if (!user?.isAdmin) {
        throw new AppError(ErrorCode.NOT_FOUND, routeNotFound(request.method, request.url).message);
      }
      request.user = user;
    });
    await scope.register(routes);
  });
}

/**
 * The signed-in user's personal API keys (`/backend/user/keys`): list, create (the key shown
 * once), revoke. HTTP only. Registered in a session-only scope: a key cannot list, mint or
 * revoke keys.
 */
import { errorBodySchema } from '@mocksmith/core';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from '@mocksmith/core/keys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { limitChecks, limitSettings } from '../../lib/rate-limits.ts';
import { getUser } from '../../plugins/session.ts';
import type { KeysService } from './keys.service.ts';

export interface KeysRoutesOptions {
  config: Config;
  keys: KeysService;
}

const tags = ['Accounts'];
const security = [{ session: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

export async function keysRoutes(app: FastifyInstance, { config, keys }: KeysRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Counted per user, with the account calls' budget (AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_S).
  const createLimit = limitChecks(app, {
    ...limitSettings(config).accountClient('api-key-create'),
    key: (request) => request.user?.id ?? `ip:${request.ip}`,
  });

  routes.get(
    '/backend/user/keys',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s API keys, newest first',
        description:
          'Each key’s name, its first 12 characters and when it was last used: never the key itself.',
        security,
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return keys.list(getUser(request));
    },
  );

  routes.post(
    '/backend/user/keys',
    {
      preHandler: createLimit,
      schema: {
        tags,
        summary: 'Create an API key',
        description:
          'The answer carries the key (`mks_` and 43 characters) once: only its hash is kept. Send it as `Authorization: Bearer KEY` to the management API (projects, routes, collections, sessions, imports); it acts as its owner. At most 20 keys per account (403 past it).',
        security,
        body: createApiKeyInputSchema,
        response: { 201: createdApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await keys.create(getUser(request), request.body);
      reply.code(201);
      reply.header('Cache-Control', 'no-store');
      return created;
    },
  );

  routes.delete(
    '/backend/user/keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description:
          'The key stops working at once. Another user’s key, or one revoked already, answers 404.',
        security,
        params: apiKeyParamsSchema,
        response: { 204: z.null().describe('Revoked: no body'), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await keys.revoke(getUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

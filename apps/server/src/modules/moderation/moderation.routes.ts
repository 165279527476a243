/**
 * Moderation (`/backend/admin`): the report queue, unpublishing, dismissing, disabling an API,
 * and banning accounts. The routes live in the administrators' scope (plugins/admin.ts): anyone
 * else gets the plain 404 of an unknown route, so the routes are not revealed.
 */
import { errorBodySchema, messageResultSchema } from '@mocksmith/core';
import {
  adminUserQuerySchema,
  adminUsersSchema,
  galleryTemplateParamsSchema,
  moderationQueueSchema,
} from '@mocksmith/core/gallery';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAdmin } from '../../plugins/admin.ts';
import { getUser } from '../../plugins/session.ts';
import { actionResult } from './moderation.presenter.ts';
import type { Actor, ModerationService } from './moderation.service.ts';

export interface ModerationRoutesOptions {
  moderation: ModerationService;
}

const tags = ['Moderation'];
const security = [{ session: [] }];
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

const actorOf = (request: FastifyRequest): Actor => {
  const user = getUser(request);
  return { id: user.id, name: user.name };
};

export async function moderationRoutes(
  app: FastifyInstance,
  { moderation }: ModerationRoutesOptions,
) {
  await registerAdmin(app, async (admin) => {
    const routes = admin.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/backend/admin/reports',
      {
        schema: {
          tags,
          summary: 'The open reports, oldest first, and the last 50 moderation actions',
          security,
          response: { 200: moderationQueueSchema, ...errors },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return moderation.queue();
      },
    );

    routes.post(
      '/backend/admin/reports/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Close an open report without action',
          security,
          params: galleryTemplateParamsSchema,
          response: { 200: messageResultSchema, ...errors },
        },
      },
      async (request) => {
        await moderation.dismiss(actorOf(request), request.params.id);
        return actionResult('dismiss');
      },
    );

    routes.post(
      '/backend/admin/templates/:id/unpublish',
      {
        schema: {
          tags,
          summary: 'Take a template out of the gallery and close its open reports',
          description: 'Official templates answer 409.',
          security,
          params: galleryTemplateParamsSchema,
          response: { 200: messageResultSchema, ...errors },
        },
      },
      async (request) => {
        await moderation.unpublish(actorOf(request), request.params.id);
        return actionResult('unpublish');
      },
    );

    routes.post(
      '/backend/admin/apis/:id/disable',
      {
        schema: {
          tags,
          summary: 'Disable an API: its mock URLs answer 403 until it is enabled again',
          description:
            'Its open reports stay open (the queue shows it disabled). An unknown id answers 404.',
          security,
          params: galleryTemplateParamsSchema,
          response: { 200: messageResultSchema, ...errors },
        },
      },
      async (request) => {
        await moderation.disableApi(actorOf(request), request.params.id);
        return actionResult('disable-api');
      },
    );

    routes.post(
      '/backend/admin/apis/:id/enable',
      {
        schema: {
          tags,
          summary: 'Enable a disabled API again: its mock URLs answer as before',
          description: 'An unknown id answers 404.',
          security,
          params: galleryTemplateParamsSchema,
          response: { 200: messageResultSchema, ...errors },
        },
      },
      async (request) => {
        await moderation.enableApi(actorOf(request), request.params.id);
        return actionResult('enable-api');
      },
    );

    routes.get(
      '/backend/admin/users',
      {
        schema: {
          tags,
          summary: 'Accounts whose name or e-mail address contains the text (at most 50)',
          security,
          querystring: adminUserQuerySchema,
          response: { 200: adminUsersSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { users: await moderation.users(request.query.search) };
      },
    );

    routes.post(
      '/backend/admin/users/:id/ban',
      {
        schema: {
          tags,
          summary: 'Ban an account',
          description:
            'Its sessions are kept: their next guarded call answers 403 with the suspended text. Its public templates leave the gallery. One’s own account answers 400.',
          security,
          params: galleryTemplateParamsSchema,
          response: { 200: messageResultSchema, ...errors },
        },
      },
      async (request) => {
        await moderation.ban(actorOf(request), request.params.id);
        return actionResult('ban');
      },
    );

    routes.post(
      '/backend/admin/users/:id/unban',
      {
        schema: {
          tags,
          summary: 'Lift the ban of an account',
          security,
          params: galleryTemplateParamsSchema,
          response: { 200: messageResultSchema, ...errors },
        },
      },
      async (request) => {
        await moderation.unban(actorOf(request), request.params.id);
        return actionResult('unban');
      },
    );
  });
}

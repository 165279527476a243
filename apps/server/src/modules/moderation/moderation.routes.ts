/**
 * Moderation (`/backend/admin`): the report queue, unpublishing, dismissing, disabling an API,
 * and banning accounts. The routes live in the administrators' scope (plugins/admin.ts): anyone
 * else gets the plain 404 of an unknown route, so the routes are not revealed.
 */
import { errorBodySchema, messageResultSchema } from '@mocksmith/core';
import {
  type AdminAction,
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

    // The actions, each on one id: the message of what was done, or the service's refusal.
    const actions: readonly {
      action: AdminAction;
      path: string;
      summary: string;
      description?: string;
      run: (actor: Actor, id: string) => Promise<unknown>;
    }[] = [
      {
        action: 'dismiss',
        path: '/backend/admin/reports/:id/dismiss',
        summary: 'Close an open report without action',
        run: moderation.dismiss,
      },
      {
        action: 'unpublish',
        path: '/backend/admin/templates/:id/unpublish',
        summary: 'Take a template out of the gallery and close its open reports',
        description: 'Official templates answer 409.',
        run: moderation.unpublish,
      },
      {
        action: 'disable-api',
        path: '/backend/admin/apis/:id/disable',
        summary: 'Disable an API: its mock URLs answer 403 until it is enabled again',
        description:
          'Its open reports stay open (the queue shows it disabled). An unknown id answers 404.',
        run: moderation.disableApi,
      },
      {
        action: 'enable-api',
        path: '/backend/admin/apis/:id/enable',
        summary: 'Enable a disabled API again: its mock URLs answer as before',
        description: 'An unknown id answers 404.',
        run: moderation.enableApi,
      },
      {
        action: 'ban',
        path: '/backend/admin/users/:id/ban',
        summary: 'Ban an account',
        description:
          'Its sessions are kept: their next guarded call answers 403 with the suspended text. Its public templates leave the gallery. One’s own account answers 400.',
        run: moderation.ban,
      },
      {
        action: 'unban',
        path: '/backend/admin/users/:id/unban',
        summary: 'Lift the ban of an account',
        run: moderation.unban,
      },
    ];
    for (const { action, path, summary, description, run } of actions) {
      routes.post(
        path,
        {
          schema: {
            tags,
            summary,
            ...(description ? { description } : {}),
            security,
            params: galleryTemplateParamsSchema,
            response: { 200: messageResultSchema, ...errors },
          },
        },
        async (request) => {
          await run(actorOf(request), request.params.id);
          return actionResult(action);
        },
      );
    }
  });
}

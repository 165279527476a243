/**
 * A project's analytics, in the signed-in scope: `GET /backend/projects/{id}/analytics?range=`.
 * Only the owner sees them: another user's project is a 404.
 */
import { errorBodySchema } from '@mocksmith/core';
import { analyticsQuerySchema, analyticsSchema } from '@mocksmith/core/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../plugins/session.ts';
import type { AnalyticsService } from './analytics.service.ts';

export interface AnalyticsRoutesOptions {
  analytics: AnalyticsService;
}

export async function analyticsRoutes(app: FastifyInstance, { analytics }: AnalyticsRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/backend/projects/:id/analytics',
    {
      schema: {
        tags: ['Analytics'],
        summary: 'The project’s calls over time, status mix, latency and top routes and consumers',
        description:
          '`range`: `hour` (by minute), `week` (by hour) or `90d` (by UTC day). Counted from every call of the project, its logging on or off, within about a second of the call.',
        security: [{ session: [] }],
        params: z.object({ id: z.string().describe('The project’s id') }),
        querystring: analyticsQuerySchema,
        response: {
          200: analyticsSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return analytics.forProject(getUser(request).id, request.params.id, request.query.range);
    },
  );
}

/**
 * The analytics of a project and of a stand-alone API, in the signed-in scope:
 * `GET /backend/projects/{id}/analytics?range=` and `GET /backend/apis/{id}/analytics?range=`.
 * Only the owner sees them: another user's project or API is a 404.
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

const RANGES = '`range`: `hour` (by minute), `week` (by hour) or `90d` (by UTC day).';
const response = {
  200: analyticsSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};

export async function analyticsRoutes(app: FastifyInstance, { analytics }: AnalyticsRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/backend/projects/:id/analytics',
    {
      schema: {
        tags: ['Analytics'],
        summary: 'The project’s calls over time, status mix, latency and top routes and consumers',
        description: `${RANGES} Counted from every call of the project, its logging on or off, within about a second of the call.`,
        security: [{ session: [] }],
        params: z.object({ id: z.string().describe('The project’s id') }),
        querystring: analyticsQuerySchema,
        response,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return analytics.forProject(getUser(request).id, request.params.id, request.query.range);
    },
  );

  routes.get(
    '/backend/apis/:id/analytics',
    {
      schema: {
        tags: ['Analytics'],
        summary: 'A stand-alone API’s calls over time, status mix, latency and top consumers',
        description: `${RANGES} Counted from every call of the API’s mock URLs, within about a second of the call. A route of a project has none of its own: its calls count in the project’s.`,
        security: [{ session: [] }],
        params: z.object({ id: z.string().describe('The API’s id (not its request id)') }),
        querystring: analyticsQuerySchema,
        response,
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return analytics.forApi(getUser(request).id, request.params.id, request.query.range);
    },
  );
}

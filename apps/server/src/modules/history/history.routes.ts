import { emailParamsSchema, errorBodySchema, historyListSchema } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getUser } from '../../plugins/session.ts';
import type { HistoryService } from './history.service.ts';

export interface HistoryRoutesOptions {
  history: HistoryService;
}

/** `GET /backend/history/{email}`: the signed-in user's Recent Activity (signed-in scope). */
export async function historyRoutes(app: FastifyInstance, { history }: HistoryRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/backend/history/:email',
    {
      schema: {
        tags: ['History'],
        summary: 'The Recent Activity of the signed-in user',
        security: [{ session: [] }],
        params: emailParamsSchema,
        response: {
          200: historyListSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return history.list(getUser(request), request.params.email);
    },
  );
}

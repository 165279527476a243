import type { HistoryList } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { HistoryService } from './history.service.ts';

export interface HistoryRoutesOptions {
  history: HistoryService;
}

/** `GET /backend/history/{email}`: the signed-in user's Recent Activity. */
export async function historyRoutes(app: FastifyInstance, { history }: HistoryRoutesOptions) {
  app.get<{ Params: { email: string } }>(
    '/backend/history/:email',
    { preHandler: app.requireUser },
    async (request, reply): Promise<HistoryList> => {
      reply.header('Cache-Control', 'no-store');
      return history.list(request.user!, request.params.email);
    },
  );
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';

/** `GET /backend/health`: 200 when the database answers, else 503. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/backend/health', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

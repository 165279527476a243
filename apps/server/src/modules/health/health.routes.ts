import { healthSchema } from '@mocksmith/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S, type DatabaseAvailability } from '../../db/availability.ts';
import type { Database } from '../../db/client.ts';

export interface HealthRoutesOptions {
  db: Database;
  availability: DatabaseAvailability;
}

/** `GET /backend/health`: 200 when the database answers, else 503 with Retry-After. */
export async function healthRoutes(
  app: FastifyInstance,
  { db, availability }: HealthRoutesOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/backend/health',
    {
      config: { database: false },
      schema: {
        tags: ['Service'],
        summary: 'Whether the service and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        // Back after an outage: the other calls stop answering 503 now, not at the next probe.
        if (!availability.available) await availability.recheck();
        return { status: 'ok' as const };
      } catch (error) {
        availability.reportFailure(error);
        request.log.warn({ err: error }, 'health check: database unavailable');
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
}

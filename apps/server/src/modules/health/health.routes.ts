import { healthSchema } from '@mocksmith/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S, type DatabaseAvailability } from '../../db/availability.ts';
import type { Database } from '../../db/client.ts';
import { backgroundFailures } from '../../lib/background.ts';

export interface HealthRoutesOptions {
  db: Database;
  availability: DatabaseAvailability;
  /** The calls the request log dropped since the start (a full queue, a failed write). */
  droppedCalls?: () => number;
}

/**
 * `GET /backend/health`: 200 when the database answers, else 503 with Retry-After; either way
 * with what this process dropped since it started, for a monitor to watch.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { db, availability, droppedCalls = () => 0 }: HealthRoutesOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/backend/health',
    {
      config: { database: false },
      schema: {
        tags: ['Service'],
        summary: 'Whether the service and its database answer',
        description:
          'With, since this process started, the work done off the request path that failed (`backgroundFailures`: each is in the log) and the calls the request inspector could not keep (`droppedCalls`).',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const counts = { backgroundFailures: backgroundFailures(), droppedCalls: droppedCalls() };
      try {
        await db.execute(sql`select 1`);
        // Back after an outage: the other calls stop answering 503 now, not at the next probe.
        if (!availability.available) await availability.recheck();
        return { status: 'ok' as const, ...counts };
      } catch (error) {
        availability.reportFailure(error);
        request.log.warn({ err: error }, 'health check: database unavailable');
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
        return reply.code(503).send({ status: 'unavailable', ...counts });
      }
    },
  );
}

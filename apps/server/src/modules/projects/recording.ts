/**
 * Recording on the server (issue 40): the JSON answers a project's proxy forwarded, stored as
 * routes of the project (core's planRecordedCalls: the HAR import's path templates, inferred
 * templates and named examples), through the projects service as the project's owner. Off the
 * call's path: the engine hands an exchange over once its answer was sent; exchanges of one
 * project are queued and planned together on the next turn (calls that came together merge into
 * one route), one batch of a project at a time; past the queue's bound they are dropped.
 */
import { planRecordedCalls, type RecordedCall, routeInputSchema } from '@mocksmith/core/projects';
import type { RecordedExchange } from '@mocksmith/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectsService } from './projects.service.ts';

/** Exchanges waiting per project; past it, new ones are not recorded. */
const MAX_QUEUED = 100;

export interface Recording {
  record(exchange: RecordedExchange): void;
  /** Settles once every queued exchange was stored (tests, shutdown). */
  idle(): Promise<void>;
}

export function createRecording({
  projects,
  log,
}: {
  projects: Pick<ProjectsService, 'recordRoute'>;
  log: FastifyBaseLogger;
}): Recording {
  const queued = new Map<string, { ownerId: string; calls: RecordedCall[] }>();
  const running = new Map<string, Promise<void>>();

  const store = async (projectId: string) => {
    const batch = queued.get(projectId);
    queued.delete(projectId);
    if (!batch) return;
    for (const planned of planRecordedCalls(batch.calls)) {
      const input = routeInputSchema.parse({
        method: planned.method,
        path: planned.path,
        name: planned.name,
        responseMode: planned.responseMode,
        responses: planned.responses.map((response) => ({
          name: response.name,
          status: response.status,
          template: response.template,
          headers: response.headers,
          delay: response.delay,
          default: response.isDefault,
        })),
      });
      await projects.recordRoute(batch.ownerId, projectId, input);
    }
  };

  const drain = (projectId: string): Promise<void> => {
    const previous = running.get(projectId) ?? Promise.resolve();
    const next = previous
      .then(() => store(projectId))
      .catch((error: unknown) => log.error({ err: error, projectId }, 'recording failed'))
      .finally(() => {
        if (running.get(projectId) === next) running.delete(projectId);
      });
    running.set(projectId, next);
    return next;
  };

  return {
    record(exchange) {
      if (exchange.ownerId === null) return;
      let batch = queued.get(exchange.projectId);
      if (!batch) {
        batch = { ownerId: exchange.ownerId, calls: [] };
        queued.set(exchange.projectId, batch);
        setImmediate(() => void drain(exchange.projectId));
      }
      if (batch.calls.length < MAX_QUEUED) batch.calls.push(exchange);
    },
    async idle() {
      while (running.size > 0 || queued.size > 0) {
        await Promise.all([...running.values()]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

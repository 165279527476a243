import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_S, type DatabaseAvailability } from '../db/availability.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for /backend routes that work without the database (preview, the catalogue). */
    database?: boolean;
  }
}

/** The answer while the database is unavailable: 503 with Retry-After, never a 500. */
export function databaseUnavailable(): AppError {
  return new AppError(
    503,
    'DATABASE_UNAVAILABLE',
    `The service is briefly unavailable while its database restarts. Try again in ${DATABASE_RETRY_AFTER_S} seconds`,
    undefined,
    { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
  );
}

/** Whether a route reads or writes the database: the /backend calls, not the mock URLs. */
function needsDatabase(url: string, config: { mock?: boolean; database?: boolean }): boolean {
  if (config.mock === true || config.database === false) return false;
  return url.startsWith('/backend/') || url.startsWith('/api/user/');
}

/**
 * While the database is known to be down, the calls that need it answer 503 at once, before any
 * rate limit counts them (a failed create must not use up a client's creation budget). The mock
 * URLs go on serving the APIs they have cached.
 */
export function registerDatabaseGate(
  app: FastifyInstance,
  availability: DatabaseAvailability,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (availability.available || !needsDatabase(request.url, request.routeOptions.config)) {
      done();
      return;
    }
    done(databaseUnavailable());
  });
}

/** Messages for the framework's own 4xx errors, in our words. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `The request body is not valid JSON: ${error.message}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: send the body as application/json (${error.message})`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.message;
  }
}

/**
 * One error handler for the whole app: an AppError keeps its status, code and headers; a
 * framework 4xx keeps its status with a plain message; a database that cannot be reached gives
 * 503 with Retry-After (and is marked down until it answers again); anything else is logged
 * with the request and answered with a generic 500 that carries the request id, never a stack
 * trace.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  availability: DatabaseAvailability,
): void {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    let error = caught;
    if (
      !(error instanceof AppError) &&
      (error.statusCode ?? 500) >= 500 &&
      (availability.reportFailure(error) || !availability.available)
    ) {
      request.log.warn({ err: error, url: request.url }, 'database unavailable');
      error = databaseUnavailable();
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        statusCode: status,
        code: error.code ?? 'BAD_REQUEST',
        message: frameworkMessage(error),
      });
    }
    request.log.error(
      { err: error, method: request.method, url: request.url, params: request.params },
      'unexpected error',
    );
    return reply.code(500).send({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: `Something went wrong on our side (request ${request.id})`,
    });
  });
}

/** The JSON 404 of the API paths. */
export function apiNotFound(method: string, url: string) {
  const path = url.split('?')[0];
  return { statusCode: 404, code: 'NOT_FOUND', message: `No route ${method} ${path}` };
}

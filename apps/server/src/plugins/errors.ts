/**
 * One error handler for the whole app, and the 503 gate of a database that is away. Every
 * error answer has the body of core's `errorBodySchema`, with a code from core's catalogue.
 */
import { apiMessages, type ErrorBody, ErrorCode, errorStatus, jsonPath } from '@mocksmith/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S, type DatabaseAvailability } from '../db/availability.ts';
import { AppError } from '../lib/errors.ts';
import { redactUrl } from '../lib/logger.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for /backend routes that work without the database (preview, the catalogue). */
    database?: boolean;
  }
}

/** The answer while the database is unavailable: 503 with Retry-After, never a 500. */
export function databaseUnavailable(): AppError {
  return new AppError(
    ErrorCode.DATABASE_UNAVAILABLE,
    `The service is briefly unavailable while its database restarts. Try again in ${DATABASE_RETRY_AFTER_S} seconds`,
    { headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_S) } },
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

/**
 * The spec's texts, answered as they are: they name their field already (`API name is
 * required`), and the web shows them. Other problems are prefixed with the field's path.
 */
const SELF_NAMING_MESSAGES: ReadonlySet<string> = new Set([
  apiMessages.nameRequired,
  apiMessages.categoryRequired,
  apiMessages.descriptionRequired,
]);

/** What a failed request validation (params, query or body) answers: 400 naming the field. */
function validationError(error: FastifyError): AppError {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []).map((issue) => {
    const segments = issue.instancePath
      .split('/')
      .filter((part) => part !== '')
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    return { segments, message: issue.message ?? 'is invalid' };
  });
  const [first] = issues;
  let message = 'The request is not valid';
  if (first) {
    const dotted = first.segments.join('.');
    if (dotted === '' && context === 'body' && first.message.includes('expected object')) {
      message = 'The request body must be a JSON object';
    } else if (dotted === '' || SELF_NAMING_MESSAGES.has(first.message)) {
      message = first.message;
    } else {
      message = `${dotted}: ${first.message}`;
    }
  }
  return new AppError(ErrorCode.VALIDATION_FAILED, message, {
    details: {
      issues: issues.map(({ segments, message: text }) => ({
        path: context === 'body' ? jsonPath(segments) : `${context}:${jsonPath(segments)}`,
        message: text,
      })),
    },
  });
}

/**
 * The catalogue code and a plain message for the framework's own 4xx errors. They keep the
 * framework's status (an HTTP status with no code of its own, such as 406, is `BAD_REQUEST`).
 */
function frameworkError(error: FastifyError, status: number): AppError {
  const withStatus = (code: ErrorCode, message: string) => new AppError(code, message, { status });
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return withStatus(
        ErrorCode.INVALID_BODY,
        `The request body is not valid JSON: ${error.message}`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return withStatus(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        `Unsupported content type: send the body as application/json (${error.message})`,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return withStatus(ErrorCode.BODY_TOO_LARGE, 'The request body is too large');
  }
  const known = Object.values(ErrorCode) as string[];
  if (error.code && known.includes(error.code)) {
    return withStatus(error.code as ErrorCode, error.message);
  }
  const code =
    status === 404
      ? ErrorCode.NOT_FOUND
      : status === 413
        ? ErrorCode.BODY_TOO_LARGE
        : status === 415
          ? ErrorCode.UNSUPPORTED_MEDIA_TYPE
          : status === 429
            ? ErrorCode.RATE_LIMITED
            : ErrorCode.BAD_REQUEST;
  return withStatus(code, error.message);
}

function bodyOf(error: AppError): ErrorBody {
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

/**
 * The request id for a log line of a mock URL, whose logger is the process's own (the site's
 * routes log through a child that carries it already).
 */
function requestId(request: FastifyRequest): { reqId?: string } {
  return request.routeOptions.config.mock ? { reqId: request.id } : {};
}

function logUnexpected(request: FastifyRequest, error: unknown, what: string): void {
  request.log.error(
    {
      err: error,
      ...requestId(request),
      method: request.method,
      url: redactUrl(request.url),
    },
    what,
  );
}

/**
 * One error handler for the whole app: a refused request (its params, query or body against
 * the route's schema) gets 400 `VALIDATION_FAILED` naming the field; an AppError keeps its
 * status, code and headers; a framework 4xx keeps its status with a catalogue code and a plain
 * message; a database that cannot be reached gives 503 with Retry-After (and is marked down
 * until it answers again); anything else is logged with the request and answered with a generic
 * 500 that carries the request id, never a stack trace.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  availability: DatabaseAvailability,
): void {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    let error: AppError;
    if (caught instanceof AppError) {
      error = caught;
    } else if (hasZodFastifySchemaValidationErrors(caught)) {
      error = validationError(caught);
    } else if (
      (caught.statusCode ?? 500) >= 500 &&
      (availability.reportFailure(caught) || !availability.available)
    ) {
      request.log.warn(
        { err: caught, ...requestId(request), url: redactUrl(request.url) },
        'database unavailable',
      );
      error = databaseUnavailable();
    } else if ((caught.statusCode ?? 500) < 500 && (caught.statusCode ?? 500) >= 400) {
      error = frameworkError(caught, caught.statusCode as number);
    } else {
      logUnexpected(
        request,
        caught,
        isResponseSerializationError(caught)
          ? 'answer does not match its schema'
          : 'unexpected error',
      );
      error = new AppError(
        ErrorCode.INTERNAL_ERROR,
        `Something went wrong on our side (request ${request.id})`,
      );
    }
    if (error.headers) reply.headers(error.headers);
    return reply.code(error.statusCode).send(bodyOf(error));
  });
}

/** The JSON 404 of the API paths. */
export function routeNotFound(method: string, url: string): ErrorBody {
  const path = url.split('?')[0];
  return {
    statusCode: errorStatus.NOT_FOUND,
    code: ErrorCode.NOT_FOUND,
    message: `No route ${method} ${path}`,
  };
}

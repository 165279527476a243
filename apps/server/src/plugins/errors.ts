import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

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
 * framework 4xx keeps its status with a plain message; anything else is logged with the
 * request and answered with a generic 500 that carries the request id, never a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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

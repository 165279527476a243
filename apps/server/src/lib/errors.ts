import { ErrorCode } from '@mocksmith/core';

/**
 * The one error type services throw; the error handler turns it into the JSON error body
 * (`{ statusCode, code, message, details? }`). Codes come from core's one catalogue.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra headers of the answer, such as `Allow` or `WWW-Authenticate`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (code: ErrorCode, message: string, headers?: Record<string, string>) =>
  new AppError(401, code, message, undefined, headers);
export const forbidden = (code: ErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterS: number) =>
  new AppError(429, ErrorCode.RATE_LIMITED, message, undefined, {
    'Retry-After': String(retryAfterS),
  });

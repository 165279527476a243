/** The one error type services throw; the error handler turns it into a JSON answer. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra headers of the answer, such as `Allow` or `WWW-Authenticate`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);

import { ErrorCode, errorStatus } from '@mocksmith/core';

/** What an AppError may carry beside its code and message. */
export interface AppErrorExtra {
  /** The `details` of the error body. */
  details?: unknown;
  /** Extra headers of the answer, such as `Allow` or `WWW-Authenticate`. */
  headers?: Record<string, string>;
  /**
   * Another status than the code's own in core's `errorStatus`: only where a code is answered
   * differently on purpose (a template problem met while generating a live answer is a 500).
   */
  status?: number;
}

/**
 * The one error type services throw; the error handler turns it into the JSON error body
 * (`{ statusCode, code, message, details? }`). Codes come from core's one catalogue, and so does
 * the status, unless `status` says otherwise.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    { details, headers, status }: AppErrorExtra = {},
  ) {
    super(message);
    this.statusCode = status ?? errorStatus[code];
    this.details = details;
    this.headers = headers;
  }
}

/** A 429 `RATE_LIMITED` that says when to try again (`Retry-After`, in seconds). */
export const tooManyRequests = (message: string, retryAfterS: number) =>
  new AppError(ErrorCode.RATE_LIMITED, message, {
    headers: { 'Retry-After': String(retryAfterS) },
  });

import { AppError, ErrorCode } from '@mocksmith/core';

// The class lives in core since issue 37, so that the engine's steps refuse a call with the very
// error the server's handler answers.
export { AppError, type AppErrorExtra } from '@mocksmith/core';

/** A 429 `RATE_LIMITED` that says when to try again (`Retry-After`, in seconds). */
export const tooManyRequests = (message: string, retryAfterS: number) =>
  new AppError(ErrorCode.RATE_LIMITED, message, {
    headers: { 'Retry-After': String(retryAfterS) },
  });

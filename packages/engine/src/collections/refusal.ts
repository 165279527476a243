/**
 * How the collections' operations refuse a call: an error with one of core's codes, its status
 * from core's catalogue, and what the answer carries beside it. The host may make its own error
 * type instead (the server's AppError, so that its one error handler answers a refusal as any
 * other), passed once when the operations are made: never a conversion per call.
 */
import { type ErrorCode, errorStatus } from '@mocksmith/core';

/** What a refusal may carry beside its code and message. */
export interface RefusalExtra {
  /** The `details` of the error body. */
  details?: unknown;
  /** Extra headers of the answer, such as `Retry-After`. */
  headers?: Record<string, string>;
}

/** Makes the error a refusal throws. */
export type Refuse = (code: ErrorCode, message: string, extra?: RefusalExtra) => Error;

/** The engine's own refusal, when the host brings no error type of its own. */
export class CollectionRefusal extends Error {
  override name = 'CollectionRefusal';
  readonly statusCode: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    { details, headers }: RefusalExtra = {},
  ) {
    super(message);
    this.statusCode = errorStatus[code];
    this.details = details;
    this.headers = headers;
  }
}

/** The default `Refuse`: the engine's own refusal. */
export const refusal: Refuse = (code, message, extra) =>
  new CollectionRefusal(code, message, extra);

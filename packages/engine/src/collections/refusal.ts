/**
 * How the collections' operations refuse a call: core's AppError, with one of core's codes, its
 * status from core's catalogue, and what the answer carries beside it. A host may make another
 * error type instead, passed once when the operations are made: never a conversion per call.
 */
import { AppError, type ErrorCode } from '@mocksmith/core';

/** What a refusal may carry beside its code and message. */
export interface RefusalExtra {
  /** The `details` of the error body. */
  details?: unknown;
  /** Extra headers of the answer, such as `Retry-After`. */
  headers?: Record<string, string>;
}

/** Makes the error a refusal throws. */
export type Refuse = (code: ErrorCode, message: string, extra?: RefusalExtra) => Error;

/** The default `Refuse`: core's AppError, the error every host's handler answers. */
export const refusal: Refuse = (code, message, extra) => new AppError(code, message, extra);

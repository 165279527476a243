/** AppError takes its status from core's catalogue, unless a place says otherwise. */
import { ErrorCode } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { AppError, tooManyRequests } from './errors.ts';

describe('AppError', () => {
  it("answers a code with the catalogue's status", () => {
    expect(new AppError(ErrorCode.TEMPLATE_NOT_FOUND, 'gone').statusCode).toBe(404);
    expect(new AppError(ErrorCode.INVALID_SORT, 'no').statusCode).toBe(400);
    expect(new AppError(ErrorCode.DATABASE_UNAVAILABLE, 'away').statusCode).toBe(503);
  });

  it('carries details and headers, and an explicit status where one is given', () => {
    const error = new AppError(ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE, 'too large', {
      details: { limit: 1 },
      headers: { 'X-Test': 'yes' },
      status: 500,
    });
    expect(error).toMatchObject({
      statusCode: 500,
      code: 'TEMPLATE_RESPONSE_TOO_LARGE',
      message: 'too large',
      details: { limit: 1 },
      headers: { 'X-Test': 'yes' },
    });
  });

  it('gives a rate limit its Retry-After', () => {
    expect(tooManyRequests('slow down', 7)).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      headers: { 'Retry-After': '7' },
    });
  });
});

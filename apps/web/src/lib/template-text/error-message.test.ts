import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { errorMessage, isTemplateRejection } from './error-message.ts';

describe('errorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError(400, 'DEMO_TYPE_NOT_ALLOWED', 'Only the following types');
    expect(errorMessage(error, 'Failed to generate preview')).toBe('Only the following types');
  });

  it('falls back when the server gave no message', () => {
    expect(errorMessage(new ApiError(500, 'INTERNAL', ''), 'Failed to generate preview')).toBe(
      'Failed to generate preview',
    );
  });

  it('falls back when the answer had no error body (the message is only the status text)', () => {
    const error = new ApiError(502, 'HTTP_ERROR', 'Bad Gateway');
    expect(errorMessage(error, 'Failed to generate preview')).toBe('Failed to generate preview');
  });

  it('falls back on network and other errors', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to save template')).toBe(
      'Failed to save template',
    );
    expect(errorMessage('boom', 'Failed to save template')).toBe('Failed to save template');
  });
});

describe('isTemplateRejection', () => {
  it('is true only for a 400 answer', () => {
    expect(isTemplateRejection(new ApiError(400, 'DEMO_TYPE_NOT_ALLOWED', 'x'))).toBe(true);
    expect(isTemplateRejection(new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(false);
    expect(isTemplateRejection(new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
    expect(isTemplateRejection(new TypeError('Failed to fetch'))).toBe(false);
  });
});

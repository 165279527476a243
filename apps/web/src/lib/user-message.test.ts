import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { toUserMessage } from './user-message.ts';

describe('toUserMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError(400, 'DEMO_TYPE_NOT_ALLOWED', 'Only the following types');
    expect(toUserMessage(error, 'Failed to generate preview')).toBe('Only the following types');
  });

  it('falls back when the server gave no message', () => {
    expect(toUserMessage(new ApiError(500, 'INTERNAL', ''), 'Failed to generate preview')).toBe(
      'Failed to generate preview',
    );
  });

  it('falls back when the answer had no error body (the message is only the status text)', () => {
    const error = new ApiError(502, 'HTTP_ERROR', 'Bad Gateway');
    expect(toUserMessage(error, 'Failed to save template')).toBe('Failed to save template');
  });

  it('gives the status text before the fallback when asked, as a save does (spec section 7)', () => {
    const error = new ApiError(502, 'HTTP_ERROR', 'Bad Gateway', undefined, 'Bad Gateway');
    expect(toUserMessage(error, 'Failed to save template', { statusText: true })).toBe(
      'Bad Gateway',
    );
    const bare = new ApiError(502, 'HTTP_ERROR', 'Request failed (502)', undefined, '');
    expect(toUserMessage(bare, 'Failed to save template', { statusText: true })).toBe(
      'Failed to save template',
    );
  });

  it('falls back on network and other errors', () => {
    expect(toUserMessage(new TypeError('Failed to fetch'), 'Failed to save template')).toBe(
      'Failed to save template',
    );
    expect(toUserMessage('boom', 'Failed to save template')).toBe('Failed to save template');
  });
});

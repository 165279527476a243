import { AUTH_TOKEN_PATTERN } from '@mocksmith/core/schemas';
import { describe, expect, it } from 'vitest';
import { generateAuthToken } from './auth-token.ts';

describe('generateAuthToken', () => {
  it('gives mck_ and 40 URL-safe characters, different each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, generateAuthToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^mck_[A-Za-z0-9_-]{40}$/);
      expect(AUTH_TOKEN_PATTERN.test(token)).toBe(true);
    }
  });
});

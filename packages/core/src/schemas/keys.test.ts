import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  createApiKeyInputSchema,
  isApiKeyShaped,
  MAX_API_KEY_NAME_LENGTH,
} from './keys.ts';

describe('createApiKeyInputSchema', () => {
  it('keeps a name trimmed', () => {
    expect(createApiKeyInputSchema.parse({ name: '  GitHub Actions ' })).toEqual({
      name: 'GitHub Actions',
    });
  });

  it.each([
    ['', 'name is required'],
    ['   ', 'name is required'],
    ['x'.repeat(MAX_API_KEY_NAME_LENGTH + 1), 'name must be at most 60 characters'],
  ])('refuses the name %j: %s', (name, message) => {
    const result = createApiKeyInputSchema.safeParse({ name });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('takes a name of 60 characters', () => {
    const name = 'x'.repeat(MAX_API_KEY_NAME_LENGTH);
    expect(createApiKeyInputSchema.parse({ name })).toEqual({ name });
  });
});

describe('isApiKeyShaped', () => {
  const key = `mks_${'A1_-'.repeat(10)}abc`;

  it('knows a key by its prefix and 43 base64url characters', () => {
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(isApiKeyShaped(key)).toBe(true);
  });

  it.each([
    ['another prefix', `mck_${key.slice(4)}`],
    ['one character short', key.slice(0, -1)],
    ['one character more', `${key}a`],
    ['a character outside base64url', `${key.slice(0, -1)}=`],
  ])('refuses %s', (_case, value) => {
    expect(isApiKeyShaped(value)).toBe(false);
  });
});

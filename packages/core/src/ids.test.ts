import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN } from './ids.ts';

describe('isUuid', () => {
  it('takes a UUID of any version in either case', () => {
    expect(isUuid('3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b')).toBe(true);
    expect(isUuid('3F1C2B8E-9A4D-1C6F-0B2E-1D7A5E9C0F3B')).toBe(true);
  });

  it('refuses other texts', () => {
    for (const text of [
      '',
      'nope',
      '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3',
      ' 3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b',
      '3f1c2b8e9a4d4c6f8b2e1d7a5e9c0f3b',
    ]) {
      expect(isUuid(text)).toBe(false);
    }
  });

  it('is the pattern it tests with', () => {
    expect(UUID_PATTERN.test('3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b')).toBe(true);
  });
});

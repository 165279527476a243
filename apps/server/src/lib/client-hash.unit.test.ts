import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClientHasher } from './client-hash.ts';

describe('createClientHasher', () => {
  it('names a client by 12 characters of its address hashed with the secret, the same each time', () => {
    const clientOf = createClientHasher('secret');
    const expected = createHmac('sha256', 'secret')
      .update('203.0.113.7')
      .digest('base64url')
      .slice(0, 12);
    expect(clientOf('203.0.113.7')).toBe(expected);
    expect(clientOf('203.0.113.7')).toBe(expected);
    expect(clientOf('203.0.113.8')).not.toBe(expected);
    expect(createClientHasher('other')('203.0.113.7')).not.toBe(expected);
  });
});

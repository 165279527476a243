import { describe, expect, it } from 'vitest';
import { ErrorCode, errorStatus } from './errors.ts';

describe('errorStatus', () => {
  it('gives every code a 4xx or 5xx status, and names no code beyond the catalogue', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(errorStatus[code], code).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code], code).toBeLessThan(600);
    }
    expect(Object.keys(errorStatus).sort()).toEqual(Object.values(ErrorCode).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { isErrorStatus } from './status.ts';

describe('isErrorStatus', () => {
  it('warns from 400 on', () => {
    expect([200, 201, 204, 399].map(isErrorStatus)).toEqual([false, false, false, false]);
    expect([400, 404, 500, 503].map(isErrorStatus)).toEqual([true, true, true, true]);
  });
});

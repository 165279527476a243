import { describe, expect, it } from 'vitest';
import { turns } from './turns.ts';

describe('turns', () => {
  it('yields to the event loop once a slice has passed, and not before', async () => {
    let clock = 0;
    const turn = turns(10, () => clock);
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    clock = 9;
    await turn();
    expect(ran).toBe(false);
    clock = 10;
    await turn();
    expect(ran).toBe(true);
    // The next slice starts at the yield.
    ran = false;
    setImmediate(() => {
      ran = true;
    });
    clock = 19;
    await turn();
    expect(ran).toBe(false);
  });
});

/** The bounded password hashing: its slots, its queue, and better-auth's format kept. */
import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createPasswordHashing } from './password-hashing.ts';

describe('password hashing', () => {
  it('writes hashes better-auth itself verifies', async () => {
    const hashing = createPasswordHashing();
    const hash = await hashing.password.hash('correct-horse-battery');
    expect(await verifyPassword({ hash, password: 'correct-horse-battery' })).toBe(true);
    expect(await hashing.password.verify({ hash, password: 'another-password' })).toBe(false);
  });

  it('runs a few at once, queues a bounded number and refuses the rest with 429', async () => {
    const hashing = createPasswordHashing({ concurrency: 1, queueMax: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const first = hashing.withSlot(async () => {
      await gate;
      order.push('first');
    });
    const queued = hashing.withSlot(async () => {
      order.push('queued');
    });
    const refused = await hashing.withSlot(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect((refused as AppError).headers?.['Retry-After']).toBe('2');
    release();
    await Promise.all([first, queued]);
    expect(order).toEqual(['first', 'queued']);
    // The slot is free again, and a hash inside a held slot does not wait for a second one.
    expect(await hashing.withSlot(() => hashing.password.hash('a-password'))).toMatch(/:/);
  });
});

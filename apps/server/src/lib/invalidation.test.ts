/**
 * The invalidation bus never rejects and never leaves a rejection unhandled: a listener that
 * fails (a cache that could not reload) is told to onError, and the others take the change in
 * all the same. On one node, and through a real Redis between two (TEST_REDIS_URL).
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createLocalBus, createRedisBus } from './invalidation.ts';

/** A listener that fails, and one that keeps what it hears. */
function listeners() {
  const heard: (string | null)[] = [];
  return {
    heard,
    failing: async (requestId: string | null) => {
      throw new Error(`could not reload ${requestId}`);
    },
    throwing: (requestId: string | null) => {
      throw new Error(`could not drop ${requestId}`);
    },
    keeping: (requestId: string | null) => {
      heard.push(requestId);
    },
  };
}

describe('the bus of one node', () => {
  it('settles every publish, telling onError of each listener that failed', async () => {
    const errors: unknown[] = [];
    const bus = createLocalBus({ onError: (error) => errors.push(error) });
    const { heard, failing, throwing, keeping } = listeners();
    bus.subscribe(failing);
    bus.subscribe(throwing);
    bus.subscribe(keeping);
    await expect(bus.publish('abc')).resolves.toBeUndefined();
    expect(heard).toEqual(['abc']);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'could not reload abc',
      'could not drop abc',
    ]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the bus through Redis', () => {
  it("tells onError of a listener that failed on another node's change", async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const [one, two] = [new Redis(url), new Redis(url)];
    const { heard, failing, keeping } = listeners();
    let told: (error: unknown) => void = () => {};
    const failed = new Promise<unknown>((resolve) => {
      told = resolve;
    });
    const sender = await createRedisBus(one);
    const receiver = await createRedisBus(two, { onError: (error) => told(error) });
    receiver.subscribe(failing);
    receiver.subscribe(keeping);
    await sender.publish('from-the-other-node');
    expect(((await failed) as Error).message).toBe('could not reload from-the-other-node');
    expect(heard).toEqual(['from-the-other-node']);
    await Promise.all([sender.close(), receiver.close()]);
    one.disconnect();
    two.disconnect();
  });
});

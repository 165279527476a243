/**
 * The invalidation bus never rejects and never leaves a rejection unhandled: a listener that
 * fails (a cache that could not reload) is told to onError, and the others take the change in
 * all the same. On one node, and through a real Redis between two (TEST_REDIS_URL), where a
 * change's publish settles once every node subscribed has taken it in, and, when a node stays
 * silent, after a bounded wait that names it.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLocalBus,
  createRedisBus,
  type InvalidationBus,
  type UnconfirmedChange,
} from './invalidation.ts';

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

describe.runIf(process.env.TEST_REDIS_URL)('the bus of changes over Redis', () => {
  const opened: { close(): unknown }[] = [];
  const connect = () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    opened.push({ close: () => redis.disconnect() });
    return redis;
  };
  const busOn = async (namespace: string, options: { confirmWithinMs?: number } = {}) => {
    const unconfirmed: UnconfirmedChange[] = [];
    const bus = await createRedisBus(connect(), {
      namespace,
      onUnconfirmed: (details) => unconfirmed.push(details),
      ...options,
    });
    opened.push(bus);
    return { bus, unconfirmed };
  };
  afterEach(async () => {
    for (const one of opened.splice(0).reverse()) await one.close();
  });

  it('settles a change once the other node has taken it in', async () => {
    const namespace = randomBytes(6).toString('hex');
    const { bus: a, unconfirmed } = await busOn(namespace);
    const { bus: b } = await busOn(namespace);
    const events: string[] = [];
    let release = () => {};
    b.subscribe(async (key) => {
      events.push(`b heard ${key}`);
      // B's cache reads the change from its database meanwhile.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      events.push(`b took ${key} in`);
    });
    const published = (a as InvalidationBus).publish('k1').then(() => events.push('a answers'));
    await expect.poll(() => events).toEqual(['b heard k1']);
    // Nothing answers while B still reads.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['b heard k1']);
    release();
    await published;
    expect(events).toEqual(['b heard k1', 'b took k1 in', 'a answers']);
    expect(unconfirmed).toEqual([]);
  });

  it('answers after its bounded wait when a node stays silent, and names it', async () => {
    const namespace = randomBytes(6).toString('hex');
    const { bus: a, unconfirmed } = await busOn(namespace, { confirmWithinMs: 300 });
    const heard: (string | null)[] = [];
    a.subscribe((key) => void heard.push(key));
    // A node that announced a change once, then hung: subscribed, never confirming.
    const stuck = connect();
    await stuck.subscribe(`mocksmith:template-changed:${namespace}`);
    await connect().publish(
      `mocksmith:template-changed:${namespace}`,
      JSON.stringify({ node: 'stuck-node', id: 1, key: 'earlier' }),
    );
    await expect.poll(() => heard).toEqual(['earlier']);
    await a.publish('k2');
    expect(unconfirmed).toEqual([{ nodes: 2, confirmed: 1, silent: ['stuck-node'] }]);
  });
});

/**
 * Tells every node that a template changed so that it drops its cached copy. In-process by
 * default; over Redis pub/sub when REDIS_URL is set, so that every node hears every change.
 */
import type { Redis } from 'ioredis';

export interface InvalidationBus {
  /** Announces a change of this request id, on this node at once and then on the others. */
  publish(requestId: string): void;
  /** Registers the listener that drops a request id from a cache. */
  subscribe(listener: (requestId: string) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'mocksmith:template-changed';

export function createLocalBus(): InvalidationBus {
  const listeners: ((requestId: string) => void)[] = [];
  return {
    publish(requestId) {
      for (const listener of listeners) listener(requestId);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {},
  };
}

/**
 * A bus over Redis. `publisher` is a connection shared with other users; the subscriber needs
 * a connection of its own (a subscribed Redis connection can do nothing else).
 */
export async function createRedisBus(publisher: Redis): Promise<InvalidationBus> {
  const local = createLocalBus();
  const subscriber = publisher.duplicate();
  subscriber.on('message', (_channel: string, requestId: string) => local.publish(requestId));
  await subscriber.subscribe(CHANNEL);
  return {
    publish(requestId) {
      local.publish(requestId);
      publisher.publish(CHANNEL, requestId).catch(() => {
        // Other nodes then keep a stale copy; nothing this node can do but keep serving.
      });
    },
    subscribe: local.subscribe,
    async close() {
      await subscriber.quit();
    },
  };
}

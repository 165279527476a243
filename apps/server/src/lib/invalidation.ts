/**
 * Tells every node that a template changed so that it drops its cached copy. In-process by
 * default; over Redis pub/sub when REDIS_URL is set, so that every node hears every change.
 * Another process (the command line) announces its changes through PostgreSQL, to which every
 * node listens as well.
 */
import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What a listener hears: the request id that changed, or null for "anything may have changed".
 * It may return a promise, settled once the change is taken in.
 */
export type InvalidationListener = (requestId: string | null) => void | Promise<void>;

export interface InvalidationBus {
  /**
   * Announces a change of this request id, on this node at once and then on the others. Settles
   * once this node's listeners have taken it in (never rejects): the change's answer waits for
   * it, so that its client's next call sees the change.
   */
  publish(requestId: string): Promise<void>;
  /** Registers the listener that drops a request id (or everything, on null) from a cache. */
  subscribe(listener: InvalidationListener): void;
  close(): Promise<void>;
}

const CHANNEL = 'mocksmith:template-changed';

/** What a bus tells of a listener that failed to take a change in (it never rejects). */
export interface BusOptions {
  onError?: (error: unknown) => void;
}

export function createLocalBus({ onError = () => {} }: BusOptions = {}): InvalidationBus & {
  announce(requestId: string | null): Promise<void>;
} {
  const listeners: InvalidationListener[] = [];
  // Never rejects, whoever calls it (a change's answer, a Redis message, a timer): a listener
  // that throws or rejects is told to onError, and the others take the change in all the same.
  const announce = async (requestId: string | null) => {
    const results = await Promise.allSettled(
      listeners.map(async (listener) => listener(requestId)),
    );
    for (const result of results) if (result.status === 'rejected') onError(result.reason);
  };
  return {
    announce,
    publish: announce,
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {},
  };
}

/**
 * A bus over Redis. `publisher` is a connection shared with other users; the subscriber needs
 * a connection of its own (a subscribed Redis connection can do nothing else). While the
 * subscriber is cut off from Redis, changes made on other nodes go unheard: listeners are told
 * that anything may have changed once a second meanwhile (the caches then hold nothing older
 * than a second), and once more when it is back.
 */
export async function createRedisBus(
  publisher: Redis,
  { resyncEveryMs = 1000, onError }: { resyncEveryMs?: number } & BusOptions = {},
): Promise<InvalidationBus> {
  const local = createLocalBus({ onError });
  // Subscribed again by us on every connection (ioredis would only redo a subscription that had
  // succeeded, and a node may start while Redis is away).
  const subscriber = publisher.duplicate({ autoResubscribe: false });
  subscriber.on('message', (_channel: string, requestId: string) => {
    void local.announce(requestId);
  });
  // Its failures are the shared connection's, logged there; unheard, they would crash the process.
  subscriber.on('error', () => {});
  const subscribe = () => subscriber.subscribe(CHANNEL).catch(() => {});
  let resync: NodeJS.Timeout | null = null;
  const stopResync = () => {
    if (resync) clearInterval(resync);
    resync = null;
  };
  subscriber.on('close', () => {
    if (resync) return;
    void local.announce(null);
    resync = setInterval(() => void local.announce(null), resyncEveryMs);
    resync.unref();
  });
  subscriber.on('ready', () => {
    void subscribe().then(() => {
      // What was said meanwhile is lost: forget everything once more, then trust the channel.
      if (!resync) return;
      stopResync();
      void local.announce(null);
    });
  });
  await subscribe();
  return {
    publish(requestId) {
      publisher.publish(CHANNEL, requestId).catch(() => {
        // Other nodes are cut off too, then, and resynchronise once a second until it is back.
      });
      return local.announce(requestId);
    },
    subscribe: local.subscribe,
    async close() {
      stopResync();
      subscriber.removeAllListeners('close');
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/**
 * The PostgreSQL channel of changes made by another process than the app's nodes: the command
 * line's bans, unbans and disabled APIs (`npm run admin`). Every node listens to it, with Redis
 * or without, so that the command line needs nothing but the database.
 */
const DATABASE_CHANNEL = 'mocksmith_api_changed';

/**
 * Announces changed request ids to every node through the database (one NOTIFY each, in one
 * statement); delivered when it commits, to the nodes listening (`listenThroughDatabase`).
 */
export async function notifyThroughDatabase(
  pool: pg.Pool,
  requestIds: readonly string[],
): Promise<void> {
  if (requestIds.length === 0) return;
  await pool.query('select pg_notify($1, id) from unnest($2::text[]) as id', [
    DATABASE_CHANNEL,
    requestIds,
  ]);
}

/**
 * Listens to the database's channel on a connection of its own (a listening connection cannot
 * go back to a pool), telling `hear` each request id announced there. While the connection is
 * down, what is announced goes unheard, and `hear` is told that anything may have changed once
 * it is back. Not meanwhile: the connection is mostly down because the database is, when no
 * change can be stored and a dropped cache could not be filled again, and the cached mock APIs
 * must keep answering (README: 'Database away or stalled').
 */
export async function listenThroughDatabase(
  pool: pg.Pool,
  listener: InvalidationListener,
  { retryEveryMs = 1000, onError = () => {} }: { retryEveryMs?: number } & BusOptions = {},
): Promise<{ close(): Promise<void> }> {
  // Called from the connection's events and a timer: a failure goes to onError, never further.
  const hear = (requestId: string | null) => {
    Promise.resolve()
      .then(() => listener(requestId))
      .catch(onError);
  };
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: pool.options.connectionString,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === DATABASE_CHANNEL && message.payload) hear(message.payload);
    });
    // A failure of the connection is a lost connection; unheard, it would crash the process.
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${DATABASE_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        // What was said meanwhile is lost: forget everything once more, then trust the channel.
        () => hear(null),
        () => retry(),
      );
    }, retryEveryMs);
    timer.unref();
  };

  function lost(which: pg.Client) {
    if (closed || client !== which) return;
    client = null;
    which.removeAllListeners('end');
    void which.end().catch(() => {});
    retry();
  }

  await connect().catch(() => retry());
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

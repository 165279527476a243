/**
 * Tells every node that a template changed so that it reads it again. In-process by default;
 * over Redis pub/sub when REDIS_URL is set, so that every node hears every change and confirms it.
 * Another process (the command line) announces its changes through PostgreSQL, to which every
 * node listens as well.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';

/**
 * What a listener hears: the request id that changed, or null for "anything may have changed".
 * It may return a promise, settled once the change is taken in.
 */
export type InvalidationListener = (requestId: string | null) => void | Promise<void>;

export interface InvalidationBus {
  /**
   * Announces a change of this request id (or `p:{slug}`), on this node and on the others.
   * Settles once every node's listeners have taken it in (over Redis: each node confirms, within
   * a bounded wait), never rejects: the change's answer waits for it, so that its client's next
   * call sees the change on whichever node it reaches.
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

/** How long a change's answer waits at most for the other nodes to take it in. */
export const CONFIRM_WITHIN_MS = 2_000;

/** What a node that did not confirm a change in time is logged with. */
export interface UnconfirmedChange {
  /** The nodes subscribed when the change was published (this one among them). */
  nodes: number;
  /** How many confirmed it in time. */
  confirmed: number;
  /** The nodes known to be running (they confirmed or announced a change lately) that did not. */
  silent: string[];
}

export interface RedisBusOptions extends BusOptions {
  /**
   * The deployment's name in its channels (its database's identity): nodes of one share it,
   * and deployments sharing a Redis never wait on each other's confirmations.
   */
  namespace?: string;
  /** Told about a change that some node did not confirm in time (its answer was sent anyway). */
  onUnconfirmed?: (details: UnconfirmedChange) => void;
  resyncEveryMs?: number;
  confirmWithinMs?: number;
}

/** A change announced over Redis: its key, the node that made it, and its number there. */
interface Announcement {
  node: string;
  id: number;
  key: string;
}

/**
 * A bus over Redis. `publisher` is a connection shared with other users; the subscriber needs
 * a connection of its own (a subscribed Redis connection can do nothing else). A change is
 * taken in on this node and published; every node subscribed (this one too, which took it in
 * already) confirms it on the announcing node's own channel once its caches serve it, and
 * `publish` settles when as many nodes confirmed as PUBLISH reached, or after
 * `confirmWithinMs` (the silent nodes logged): so a change's answer means that every node serves
 * it, and the mock calls themselves never wait on Redis. While the subscriber is cut off from
 * Redis, changes made on other nodes go unheard: listeners are told that anything may have
 * changed once a second meanwhile (the caches then hold nothing older than a second), and once
 * more when it is back.
 */
export async function createRedisBus(
  publisher: Redis,
  {
    namespace,
    onUnconfirmed = () => {},
    onError,
    resyncEveryMs = 1000,
    confirmWithinMs = CONFIRM_WITHIN_MS,
  }: RedisBusOptions = {},
): Promise<InvalidationBus> {
  const local = createLocalBus({ onError });
  const node = `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;
  const channel = namespace === undefined ? CHANNEL : `${CHANNEL}:${namespace}`;
  const confirmations = `${channel}:confirmed:`;
  const ownConfirmations = `${confirmations}${node}`;
  // The changes this node announced that await confirmations, by number.
  const awaiting = new Map<number, { confirmed: Set<string>; expected: number; done(): void }>();
  let announced = 0;
  // The other nodes heard from lately, so that a silent one can be named.
  const known = new Map<string, number>();
  const KNOWN_FOR_MS = 10 * 60_000;
  const heardFrom = (other: string) => {
    if (other === node) return;
    known.delete(other);
    known.set(other, Date.now());
    if (known.size > 1_000) known.delete(known.keys().next().value as string);
  };

  // Subscribed again by us on every connection (ioredis would only redo a subscription that had
  // succeeded, and a node may start while Redis is away).
  const subscriber = publisher.duplicate({ autoResubscribe: false });
  const confirm = (announcement: Announcement) =>
    publisher
      .publish(`${confirmations}${announcement.node}`, `${announcement.id} ${node}`)
      .catch(() => {});
  subscriber.on('message', (from: string, text: string) => {
    if (from === ownConfirmations) {
      const [id, by] = text.split(' ');
      const waiting = awaiting.get(Number(id));
      if (!waiting || by === undefined) return;
      heardFrom(by);
      waiting.confirmed.add(by);
      if (waiting.confirmed.size >= waiting.expected) waiting.done();
      return;
    }
    let announcement: Announcement;
    try {
      announcement = JSON.parse(text) as Announcement;
      if (typeof announcement.key !== 'string') return;
    } catch {
      return;
    }
    // Its own change, taken in before it was published.
    if (announcement.node === node) return void confirm(announcement);
    heardFrom(announcement.node);
    void local
      .announce(announcement.key)
      .catch(() => {})
      .then(() => confirm(announcement));
  });
  // Its failures are the shared connection's, logged there; unheard, they would crash the process.
  subscriber.on('error', () => {});
  const subscribe = () => subscriber.subscribe(channel, ownConfirmations).catch(() => {});
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

  /** Publishes a change and waits (bounded) for every node it reached to confirm it. */
  const confirmedEverywhere = async (key: string): Promise<void> => {
    // Redis away: the other nodes are cut off too, and resynchronise once a second until it is back.
    if (publisher.status !== 'ready') return;
    const id = ++announced;
    let done = () => {};
    const settled = new Promise<void>((resolve) => {
      done = resolve;
    });
    const waiting = { confirmed: new Set<string>(), expected: Number.POSITIVE_INFINITY, done };
    awaiting.set(id, waiting);
    let timer: NodeJS.Timeout | undefined;
    try {
      const announcement: Announcement = { node, id, key };
      waiting.expected = await publisher.publish(channel, JSON.stringify(announcement));
      if (waiting.confirmed.size >= waiting.expected) return;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), confirmWithinMs);
      });
      if (!(await Promise.race([settled.then(() => false), late]))) return;
      const now = Date.now();
      onUnconfirmed({
        nodes: waiting.expected,
        confirmed: waiting.confirmed.size,
        silent: [...known]
          .filter(([other, at]) => now - at < KNOWN_FOR_MS && !waiting.confirmed.has(other))
          .map(([other]) => other),
      });
    } catch {
      // The publish failed: Redis went away meanwhile (see above).
    } finally {
      clearTimeout(timer);
      awaiting.delete(id);
    }
  };

  return {
    async publish(key) {
      await Promise.all([local.announce(key), confirmedEverywhere(key)]);
    },
    subscribe: local.subscribe,
    async close() {
      stopResync();
      subscriber.removeAllListeners('close');
      for (const waiting of awaiting.values()) waiting.done();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/**
 * The app's bus: through Redis when there is one, so that every node hears every change (a
 * change answered before some node confirmed it is logged as a warning), else this process's.
 */
export async function createAppBus(
  redis: Redis | undefined,
  { namespace, onError, log }: BusOptions & { namespace: string; log: FastifyBaseLogger },
): Promise<InvalidationBus> {
  if (!redis) return createLocalBus({ onError });
  return createRedisBus(redis, {
    namespace,
    onError,
    onUnconfirmed: (details) =>
      log.warn(
        details,
        'a change was answered before every node confirmed it: the silent nodes may serve the old version for a moment',
      ),
  });
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

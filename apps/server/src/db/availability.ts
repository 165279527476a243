/**
 * Whether the database answers, as the app knows it: marked down the moment a query fails for
 * want of a connection (or the embedded server exits), and up again once a probe query succeeds.
 * While it is down, calls that need it answer 503 with Retry-After instead of failing with 500,
 * and the probe runs every `probeIntervalMs` until the database is back.
 */

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Node's network error codes that mean the server cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT', // a Unix socket that is gone
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not ready, or of a statement it
 * cancelled for taking too long (57014: statement_timeout; an overloaded server).
 */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03', '57014']);

/** node-postgres' messages for a connection lost or never made; they carry no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Query read timeout', // the client's query_timeout: the server stopped answering
];

/**
 * Whether an error (or one of its causes: drizzle and better-auth wrap the driver's errors) says
 * that the database could not be reached, rather than that a query was wrong.
 */
export function isConnectionFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); ) {
    seen.add(current);
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08')) {
        return true;
      }
    }
    if (
      CONNECTION_MESSAGES.some((text) => current instanceof Error && current.message.includes(text))
    ) {
      return true;
    }
    const errors = (current as Error & { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(isConnectionFailure)) return true;
    current = current.cause;
  }
  return false;
}

export interface DatabaseAvailability {
  /** False from a connection failure until a probe succeeds. */
  readonly available: boolean;
  /**
   * Looks at a failed query's error: if it is a connection failure, marks the database down
   * (and starts probing). Returns whether it was one.
   */
  reportFailure(error: unknown): boolean;
  /** Marks the database down for a reason known otherwise (the embedded server exited). */
  markDown(reason: string): void;
  /** Probes now rather than at the next tick (the embedded server says it is back). */
  recheck(): Promise<void>;
  /** Stops probing. */
  close(): void;
}

export interface AvailabilityOptions {
  /** A cheap query (`select 1`) that resolves once the database answers again. */
  probe(): Promise<unknown>;
  log?: { warn(message: string): void; info(message: string): void };
  probeIntervalMs?: number;
}

export function createDatabaseAvailability({
  probe,
  log,
  probeIntervalMs = 1000,
}: AvailabilityOptions): DatabaseAvailability {
  let available = true;
  let timer: NodeJS.Timeout | null = null;
  let probing = false;
  let closed = false;

  const stopProbing = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  const tryProbe = async () => {
    if (probing || closed) return;
    probing = true;
    try {
      await probe();
      if (!available) log?.info('the database answers again');
      available = true;
      stopProbing();
    } catch {
      // Still down; the next tick tries again.
    } finally {
      probing = false;
    }
  };

  const markDown = (reason: string) => {
    if (closed) return;
    if (available)
      log?.warn(`the database is unavailable (${reason}); answering 503 until it is back`);
    available = false;
    if (!timer) {
      timer = setInterval(() => void tryProbe(), probeIntervalMs);
      timer.unref();
    }
  };

  return {
    get available() {
      return available;
    },
    reportFailure(error) {
      if (!isConnectionFailure(error)) return false;
      markDown(error instanceof Error ? error.message : String(error));
      return true;
    },
    markDown,
    recheck: tryProbe,
    close() {
      closed = true;
      stopProbing();
    },
  };
}

/**
 * Work done after the answer, or on a timer or an event: what a request must not wait for, or
 * be timed by (a mail to send, a reset token to store for an address that may not exist, the
 * call counts, the cache invalidations). Nobody awaits it, so nothing it throws may reach the
 * process: each failure is logged (through the logger's scrubbing: no secret, no address) and
 * counted (`backgroundFailures`, in the health answer), and what it could not write is dropped
 * or kept for its next round, never queued without bound. `drain` waits for what is in flight,
 * so that a graceful shutdown finishes it.
 */

/** The logger's calls this module uses (pino's, scrubbed by lib/logger.ts). */
interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

// Process-wide: the last resort counts here too, and a process has one health answer.
let failures = 0;

/** Work nobody waited for that failed since the process started, each logged. */
export function backgroundFailures(): number {
  return failures;
}

export interface Background {
  /** Starts `task` now and returns at once. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Logs and counts a failure of such work that was caught where it happened. */
  failed(message: string, error: unknown, details?: object): void;
  /** Resolves once every task started so far has settled. */
  drain(): Promise<void>;
}

export function createBackground(log: Log): Background {
  const inFlight = new Set<Promise<unknown>>();
  const failed = (message: string, error: unknown, details: object = {}) => {
    failures++;
    log.warn({ ...details, err: error, backgroundFailures: failures }, message);
  };
  return {
    run(name, task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) => {
          failures++;
          log.error({ err: error, backgroundFailures: failures }, `${name} failed`);
        })
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    failed,
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** How often, at most, the last resort logs (a failure that repeats would flood the log). */
const LAST_RESORT_LOG_MS = 1_000;

/**
 * The process's last resort, for a failure no code caught. A promise rejected with no handler
 * is logged and counted, and the process goes on: it held no state half-changed, and ending the
 * process for it (Node's default) would end every user's service, and the embedded database
 * with it, for the failure of one piece of work. An exception thrown out of a callback is
 * another matter: it may have left a change half-made, so it is logged and `fatal` ends the
 * process (a graceful shutdown, which finishes the requests in flight and stops the database).
 */
export function installLastResort(
  target: Pick<NodeJS.Process, 'on'>,
  log: Log & { fatal(details: object, message: string): void },
  fatal: (error: unknown) => void,
): void {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  target.on('unhandledRejection', (reason) => {
    failures++;
    const now = Date.now();
    if (now - lastLogged < LAST_RESORT_LOG_MS) {
      unlogged++;
      return;
    }
    log.error(
      { err: reason, backgroundFailures: failures, alsoUnlogged: unlogged },
      'a promise failed with no handler; the process goes on',
    );
    lastLogged = now;
    unlogged = 0;
  });
  target.on('uncaughtException', (error) => {
    failures++;
    log.fatal({ err: error }, 'an exception reached the process; shutting down');
    fatal(error);
  });
}

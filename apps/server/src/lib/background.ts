/**
 * Work done after the answer: what a request must not wait for, or be timed by (a mail to send,
 * a reset token to store for an address that may not exist). Failures are logged, never thrown
 * at a caller that has long been answered; `drain` waits for what is in flight, so that a
 * graceful shutdown finishes it.
 */
export interface Background {
  /** Starts `task` now and returns at once. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has settled. */
  drain(): Promise<void>;
}

export function createBackground(log: {
  error(details: object, message: string): void;
}): Background {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

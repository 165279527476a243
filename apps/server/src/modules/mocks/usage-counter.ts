/**
 * Counts answered calls in memory and writes them in one statement at least once a second, so
 * that a busy endpoint costs one UPDATE per second rather than one per call.
 */
export interface UsageCounter {
  /** Counts one answered call of the template with this id. */
  add(templateId: string): void;
  /** Writes what is pending now. Counts that fail to write are kept for the next flush. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
}

export function createUsageCounter(
  write: (counts: ReadonlyMap<string, number>) => Promise<void>,
  { intervalMs = 1000, onError = (_error: unknown) => {} } = {},
): UsageCounter {
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function flushOnce(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await write(batch);
    } catch (error) {
      for (const [id, amount] of batch) pending.set(id, (pending.get(id) ?? 0) + amount);
      onError(error);
    }
  }

  // One flush at a time: the next waits for the one in flight.
  const flush = () => {
    flushing = flushing.then(flushOnce);
    return flushing;
  };

  const timer = setInterval(flush, intervalMs);
  timer.unref();

  return {
    add(templateId) {
      pending.set(templateId, (pending.get(templateId) ?? 0) + 1);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

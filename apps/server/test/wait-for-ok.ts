/** Waiting for a server process to answer, for the tests and tools that start one. */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `url` every 20 ms until it answers 200. Throws if `child` exits first or nothing
 * answers within `timeoutMs`.
 */
export async function waitForOk(
  child: ChildProcess,
  url: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`,
      );
    }
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline)
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(20);
  }
}

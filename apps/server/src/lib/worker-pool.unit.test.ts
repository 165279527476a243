/** The worker pool over a worker that echoes: turns, owners, refusals and replacement. */
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool } from './worker-pool.ts';

interface Echo {
  id: number;
  value: string;
}

const pools: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function echoPool(options: { size?: number; timeoutMs?: number; maxWaiting?: number } = {}) {
  const pool = createWorkerPool<Echo>({
    script: {
      built: new URL('./__fixtures__/echo.worker.js', import.meta.url),
      source: new URL('./__fixtures__/echo.worker.ts', import.meta.url),
    },
    size: options.size ?? 1,
    maxHeapMb: 64,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxWaiting: options.maxWaiting,
    refuse: {
      timeout: (job) => new Error(`${job.what} took too long`),
      error: () => new Error('failed'),
      exit: (code) => new Error(`exited ${code}`),
      stopping: () => new Error('stopping'),
      gone: () => new Error('gone'),
      full: () => new Error('full'),
    },
  });
  pools.push(pool);
  return pool;
}

const job = (value: string, extra: Record<string, unknown> = {}, owner?: string) => ({
  owner,
  what: value,
  message: (id: number) => ({ id, value, ...extra }),
});

describe('createWorkerPool', () => {
  it('runs jobs in turn, owners taking turns: one with many delays another by one job', async () => {
    const pool = echoPool();
    const order: string[] = [];
    const done = [
      ...['a1', 'a2', 'a3'].map((value) => pool.run(job(value, { waitMs: 20 }, 'a'))),
      pool.run(job('b1', { waitMs: 20 }, 'b')),
      pool.run(job('c1', { waitMs: 20 }, 'c')),
    ].map((promise) => promise.then((reply) => order.push(reply.value)));
    await Promise.all(done);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('refuses a job past its time and one whose worker exits, and starts a new worker for the next', async () => {
    // The time counts from the job's start, the worker's own start included (tsx here).
    const slow = echoPool({ timeoutMs: 300 });
    await expect(slow.run(job('spin', { spin: true }))).rejects.toThrow('spin took too long');
    const pool = echoPool();
    await expect(pool.run(job('exit', { exit: true }))).rejects.toThrow('exited 3');
    await expect(pool.run(job('after'))).resolves.toMatchObject({ value: 'after' });
    expect(pool.stats()).toMatchObject({ started: 2, workers: 1 });
  });

  it('never starts a job nobody waits for, and bounds the jobs waiting', async () => {
    const pool = echoPool({ maxWaiting: 1 });
    const first = pool.run(job('first', { waitMs: 50 }));
    const left = pool.run({ ...job('left'), gone: () => true });
    await expect(pool.run(job('third'))).rejects.toThrow('full');
    await expect(left).rejects.toThrow('gone');
    await expect(first).resolves.toMatchObject({ value: 'first' });
  });

  it('fails what waits and what runs when it closes', async () => {
    const pool = echoPool();
    const running = expect(pool.run(job('running', { waitMs: 1000 }))).rejects.toThrow('stopping');
    const waiting = expect(pool.run(job('waiting'))).rejects.toThrow('stopping');
    await pool.close();
    await Promise.all([running, waiting]);
    await expect(pool.run(job('late'))).rejects.toThrow('stopping');
  });
});

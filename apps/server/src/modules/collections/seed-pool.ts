/**
 * Makes seeded records off the event loop: one worker thread (started on first use, stopped when
 * idle), jobs in order, each within a time and heap limit. A worker that fails is replaced and
 * its job is refused with a message; the next job starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { ErrorCode, type JsonObject, type JsonValue } from '@mocksmith/core';
import { AppError } from '../../lib/errors.ts';

export interface SeedJob {
  id: number;
  template: JsonObject;
  seed: string;
  count: number;
  /** The values each `ref:COLLECTION.FIELD` of the template draws from, by `COLLECTION.FIELD`. */
  refs: Record<string, JsonValue[]>;
}

export type SeedReply =
  | { id: number; ok: true; records: string }
  | { id: number; ok: false; message: string };

const fromSources = import.meta.url.endsWith('.ts');
const workerScript = fromSources
  ? new URL('../../lib/ts-worker.mjs', import.meta.url)
  : new URL('./seed.worker.js', import.meta.url);
const workerEntry = new URL('./seed.worker.ts', import.meta.url).href;

interface Pending {
  job: SeedJob;
  resolve: (records: JsonObject[]) => void;
  reject: (error: Error) => void;
}

const failed = (message: string) => new AppError(ErrorCode.INTERNAL_ERROR, message);

export function createSeedPool({ timeoutMs = 30_000, maxHeapMb = 512 } = {}) {
  let worker: Worker | null = null;
  let current: Pending | null = null;
  let timer: NodeJS.Timeout | undefined;
  const queue: Pending[] = [];
  let nextId = 0;
  let closed = false;

  const settle = () => {
    const pending = current;
    current = null;
    clearTimeout(timer);
    worker?.unref();
    return pending;
  };

  const retire = (message: string) => {
    const dead = worker;
    worker = null;
    settle()?.reject(failed(message));
    void dead?.terminate();
    dispatch();
  };

  const spawn = (): Worker => {
    const started = new Worker(workerScript, {
      workerData: fromSources ? { entry: workerEntry } : {},
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    started.on('message', (reply: SeedReply) => {
      if (current?.job.id !== reply.id) return;
      const pending = settle() as Pending;
      if (reply.ok) pending.resolve(JSON.parse(reply.records) as JsonObject[]);
      else pending.reject(failed(`The records could not be made: ${reply.message}`));
      dispatch();
    });
    started.on('error', () => {
      if (worker === started) retire('Making the records took more memory than they may use');
    });
    started.on('exit', () => {
      if (worker === started) retire('The records could not be made');
    });
    return started;
  };

  function dispatch(): void {
    if (current || closed || queue.length === 0) return;
    worker ??= spawn();
    current = queue.shift() as Pending;
    worker.ref();
    timer = setTimeout(
      () => retire(`Making the records took longer than ${timeoutMs / 1000} seconds`),
      timeoutMs,
    );
    worker.postMessage(current.job);
  }

  return {
    /** The seeded records of a template, made in the worker after the jobs before it. */
    seed(job: Omit<SeedJob, 'id'>): Promise<JsonObject[]> {
      return new Promise((resolve, reject) => {
        if (closed) return reject(failed('The server is stopping'));
        queue.push({ job: { ...job, id: nextId++ }, resolve, reject });
        dispatch();
      });
    },

    async close(): Promise<void> {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(failed('The server is stopping'));
      settle()?.reject(failed('The server is stopping'));
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
    },
  };
}

export type SeedPool = ReturnType<typeof createSeedPool>;

/**
 * The worker threads that render large mock answers, so that generating and serialising 10 MB
 * (about a quarter of a second of a core) never holds the event loop that answers everyone else.
 * A few workers (one on two cores), each rendering one answer at a time, the others waiting their
 * turn in order; how many may wait is bounded by the caller (answer-budget.ts). A worker keeps the
 * templates it compiled for the next calls. One that fails (its heap, its time limit) is stopped
 * and replaced, and the call it was rendering answers 500.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ErrorCode, type RawQuery } from '@mocksmith/core';
import type { RequestContext } from '@mocksmith/core/projects';
import { AppError } from '../../lib/errors.ts';
import type { MockResponse } from './mock-cache.ts';

/** What a worker is sent: the template (compiled once per `key`) and the call's query. */
export interface AnswerJob {
  id: number;
  /** One per version of an API (per compiled MockApi on this thread). */
  key: number;
  /** The template as JSON text. */
  template: string;
  maxResponseBytes: number | undefined;
  query: RawQuery;
  /** The URL of the page without its query, for the `Link` header. */
  pageUrl: string;
  /** What the template reads of the request, when it reads it. */
  request?: RequestContext;
}

/** What a worker answers: the list headers and the body, or the refusal of the rules. */
export type WorkerReply =
  | { id: number; ok: true; headers: [string, string][]; body: Uint8Array }
  | { id: number; ok: false; status: number; code?: ErrorCode; message: string };

/** A rendered large answer: the list headers and the body as UTF-8 bytes. */
export interface RenderedBody {
  headers: [string, string][];
  body: Buffer;
}

export interface AnswerPoolOptions {
  /** Worker threads (default: one fewer than the cores, 1 to 4). */
  workers?: number;
  /** Each worker's heap limit (old generation), in MiB. */
  maxHeapMb?: number;
  /** How long one answer may take in a worker, waiting excluded. */
  timeoutMs?: number;
  /** The largest answer (MOCK_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
}

// From the sources (tsx, Vitest) the worker is TypeScript, started through lib/ts-worker.mjs;
// the production build bundles it to dist/answer.worker.js beside dist/server.js.
const fromSources = import.meta.url.endsWith('.ts');
const workerScript = fromSources
  ? new URL('../../lib/ts-worker.mjs', import.meta.url)
  : new URL('./answer.worker.js', import.meta.url);
const workerEntry = new URL('./answer.worker.ts', import.meta.url).href;

interface Pending {
  job: AnswerJob;
  /** True once nobody waits for the answer (the client left): it is then never made. */
  gone?: () => boolean;
  resolve: (body: RenderedBody) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current?: Pending;
  timer?: NodeJS.Timeout;
}

const failed = (message: string) => new AppError(ErrorCode.INTERNAL_ERROR, message);

export function createAnswerPool({
  workers = Math.min(4, Math.max(1, availableParallelism() - 1)),
  maxHeapMb = 256,
  timeoutMs = 10_000,
  maxResponseBytes,
}: AnswerPoolOptions = {}) {
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  // A key and the template's text per compiled API, made once; a new version is a new object.
  const versions = new WeakMap<MockResponse, { key: number; template: string }>();
  let nextKey = 0;
  let nextId = 0;
  let closed = false;

  const finish = (slot: Slot): Pending | undefined => {
    const pending = slot.current;
    slot.current = undefined;
    clearTimeout(slot.timer);
    slot.worker.unref();
    return pending;
  };

  const retire = (slot: Slot, error: Error) => {
    if (!slots.delete(slot)) return;
    finish(slot)?.reject(error);
    void slot.worker.terminate();
    dispatch();
  };

  const spawn = (): Slot => {
    const worker = new Worker(workerScript, {
      workerData: fromSources ? { entry: workerEntry } : {},
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker };
    slots.add(slot);
    worker.on('message', (reply: WorkerReply) => {
      if (slot.current?.job.id !== reply.id) return;
      const pending = finish(slot) as Pending;
      if (reply.ok) {
        const { buffer, byteOffset, byteLength } = reply.body;
        pending.resolve({
          headers: reply.headers,
          body: Buffer.from(buffer, byteOffset, byteLength),
        });
      } else {
        pending.reject(
          // The worker's status as it is: its AppError's, overrides included.
          new AppError(reply.code ?? ErrorCode.INTERNAL_ERROR, reply.message, {
            status: reply.status,
          }),
        );
      }
      dispatch();
    });
    worker.on('error', (error) => {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      retire(
        slot,
        failed(
          outOfMemory
            ? 'This answer needs more memory than an answer may use'
            : 'The answer could not be generated',
        ),
      );
    });
    worker.on('exit', () => retire(slot, failed('The answer could not be generated')));
    return slot;
  };

  /** Gives waiting answers to free workers, starting workers up to the pool's size. */
  function dispatch(): void {
    while (queue.length > 0 && !closed) {
      let slot: Slot | undefined;
      for (const candidate of slots) {
        if (!candidate.current) {
          slot = candidate;
          break;
        }
      }
      if (!slot) {
        if (slots.size >= workers) return;
        slot = spawn();
      }
      const pending = queue.shift() as Pending;
      if (pending.gone?.()) {
        pending.reject(failed('The client left before its answer was made'));
        continue;
      }
      const busy = slot;
      busy.current = pending;
      busy.worker.ref();
      busy.timer = setTimeout(
        () =>
          retire(
            busy,
            failed(
              `The answer took longer than ${Math.round(timeoutMs / 1000)} seconds to generate`,
            ),
          ),
        timeoutMs,
      );
      busy.worker.postMessage(pending.job);
    }
  }

  return {
    /**
     * The list headers and body of a large API's answer to `query`, rendered in a worker after
     * those asked before it; skipped if `gone()` says the client left meanwhile.
     */
    render(
      api: MockResponse,
      query: RawQuery,
      pageUrl: string,
      gone?: () => boolean,
      request?: RequestContext,
    ): Promise<RenderedBody> {
      let version = versions.get(api);
      if (!version) {
        version = { key: nextKey++, template: JSON.stringify(api.compiled.source) };
        versions.set(api, version);
      }
      const job: AnswerJob = {
        id: nextId++,
        key: version.key,
        template: version.template,
        maxResponseBytes,
        query,
        pageUrl,
        request,
      };
      return new Promise((resolve, reject) => {
        if (closed) return reject(failed('The server is stopping'));
        queue.push({ job, gone, resolve, reject });
        dispatch();
      });
    },

    /** Workers alive, and answers waiting for one. */
    stats(): { workers: number; waiting: number } {
      return { workers: slots.size, waiting: queue.length };
    },

    /** Stops the workers (the app is closing); waiting answers fail. */
    async close(): Promise<void> {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(failed('The server is stopping'));
      const stopping = [...slots].map((slot) => {
        slots.delete(slot);
        finish(slot)?.reject(failed('The server is stopping'));
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}

export type AnswerPool = ReturnType<typeof createAnswerPool>;

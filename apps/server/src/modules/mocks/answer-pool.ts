/**
 * The worker threads that render large mock answers, so that generating and serialising 10 MB
 * (about a quarter of a second of a core) never holds the event loop that answers everyone else.
 * A few workers (one on two cores), each rendering one answer at a time, the others waiting their
 * turn in order; how many may wait is bounded by the caller (answer-budget.ts). A worker keeps the
 * templates it compiled for the next calls. One that fails (its heap, its time limit) is stopped
 * and replaced, and the call it was rendering answers 500.
 */
import { availableParallelism } from 'node:os';
import { ErrorCode, type RawQuery } from '@mocksmith/core';
import type { RequestContext } from '@mocksmith/core/projects';
import { AppError } from '../../lib/errors.ts';
import { createWorkerPool } from '../../lib/worker-pool.ts';
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

const failed = (message: string) => new AppError(ErrorCode.INTERNAL_ERROR, message);

export function createAnswerPool({
  workers = Math.min(4, Math.max(1, availableParallelism() - 1)),
  maxHeapMb = 256,
  timeoutMs = 10_000,
  maxResponseBytes,
}: AnswerPoolOptions = {}) {
  const pool = createWorkerPool<WorkerReply>({
    // The production build bundles the worker to dist/answer.worker.js beside dist/server.js.
    script: {
      built: new URL('./answer.worker.js', import.meta.url),
      source: new URL('./answer.worker.ts', import.meta.url),
    },
    size: workers,
    maxHeapMb,
    timeoutMs,
    refuse: {
      timeout: () =>
        failed(`The answer took longer than ${Math.round(timeoutMs / 1000)} seconds to generate`),
      error: (error) =>
        failed(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'This answer needs more memory than an answer may use'
            : 'The answer could not be generated',
        ),
      exit: () => failed('The answer could not be generated'),
      stopping: () => failed('The server is stopping'),
      gone: () => failed('The client left before its answer was made'),
    },
  });
  // A key and the template's text per compiled API, made once; a new version is a new object.
  const versions = new WeakMap<MockResponse, { key: number; template: string }>();
  let nextKey = 0;

  return {
    /**
     * The list headers and body of a large API's answer to `query`, rendered in a worker after
     * those asked before it; skipped if `gone()` says the client left meanwhile.
     */
    async render(
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
      const { key, template } = version;
      const reply = await pool.run({
        gone,
        message: (id): AnswerJob => ({
          id,
          key,
          template,
          maxResponseBytes,
          query,
          pageUrl,
          request,
        }),
      });
      if (!reply.ok) {
        // The worker's status as it is: its AppError's, overrides included.
        throw new AppError(reply.code ?? ErrorCode.INTERNAL_ERROR, reply.message, {
          status: reply.status,
        });
      }
      const { buffer, byteOffset, byteLength } = reply.body;
      return { headers: reply.headers, body: Buffer.from(buffer, byteOffset, byteLength) };
    },

    /** Workers alive, and answers waiting for one. */
    stats(): { workers: number; waiting: number } {
      const { workers: alive, waiting } = pool.stats();
      return { workers: alive, waiting };
    },

    /** Stops the workers (the app is closing); waiting answers fail. */
    close(): Promise<void> {
      return pool.close();
    },
  };
}

export type AnswerPool = ReturnType<typeof createAnswerPool>;

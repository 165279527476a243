/**
 * Runs the analysis of an uploaded OpenAPI file (parse, validate, dereference, plan) in a worker
 * thread, so that the event loop keeps answering mock calls while a 100,000-line specification
 * is read. Each analysis gets a fresh worker with a heap limit and a time limit, and only a few
 * run at once; the others wait their turn.
 */
import { Worker } from 'node:worker_threads';
import type { ImportPlan } from '@mocksmith/core/openapi';

export interface AnalysisRequest {
  /** The uploaded file, as it came. */
  bytes: Uint8Array;
}

export type AnalysisOutcome =
  | { ok: true; plan: ImportPlan }
  /** The file is not a valid OpenAPI document; `reason` says why (the parser's words). */
  | { ok: false; reason: string; crashed?: boolean };

/** Thrown when an analysis passed its time limit; the worker was stopped. */
export class AnalysisTimeoutError extends Error {
  override name = 'AnalysisTimeoutError';
  constructor(readonly seconds: number) {
    super(`The analysis took longer than ${seconds} seconds`);
  }
}

/** Thrown when the worker ran out of its heap, or died. */
export class AnalysisFailedError extends Error {
  override name = 'AnalysisFailedError';
}

export interface AnalyserOptions {
  /** How long one analysis may take, waiting excluded. */
  timeoutMs?: number;
  /** The worker's heap limit (old generation), in MiB. */
  maxHeapMb?: number;
  /** How many analyses run at once. */
  concurrency?: number;
}

// From the sources (tsx, Vitest) the worker is TypeScript, started through lib/ts-worker.mjs;
// the production build bundles it to dist/openapi.worker.js beside dist/server.js.
const fromSources = import.meta.url.endsWith('.ts');
const workerScript = fromSources
  ? new URL('../../lib/ts-worker.mjs', import.meta.url)
  : new URL('./openapi.worker.js', import.meta.url);
const workerEntry = new URL('./openapi.worker.ts', import.meta.url).href;

/** An analyser: `analyse(bytes)` resolves with the outcome or rejects with one of the errors. */
export function createAnalyser({
  timeoutMs = 60_000,
  maxHeapMb = 384,
  concurrency = 2,
}: AnalyserOptions = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const workers = new Set<Worker>();

  const acquire = async () => {
    if (running < concurrency) {
      running++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const run = (request: AnalysisRequest) =>
    new Promise<AnalysisOutcome>((resolve, reject) => {
      const worker = new Worker(workerScript, {
        workerData: fromSources ? { entry: workerEntry, payload: request } : { payload: request },
        resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
        stdout: false,
        stderr: false,
      });
      workers.add(worker);
      let settled = false;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        workers.delete(worker);
        void worker.terminate();
        finish();
      };
      const timer = setTimeout(
        () => settle(() => reject(new AnalysisTimeoutError(Math.round(timeoutMs / 1000)))),
        timeoutMs,
      );
      worker.once('message', (outcome: AnalysisOutcome) => settle(() => resolve(outcome)));
      worker.once('error', (error) =>
        settle(() =>
          reject(
            new AnalysisFailedError(
              (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? 'The document needs more memory than an import may use'
                : `The analysis failed: ${error.message}`,
            ),
          ),
        ),
      );
      worker.once('exit', (code) =>
        settle(() => reject(new AnalysisFailedError(`The analysis stopped (exit code ${code})`))),
      );
    });

  return {
    /** Analyses one file in a worker, after the analyses before it. */
    async analyse(bytes: Uint8Array): Promise<AnalysisOutcome> {
      await acquire();
      try {
        return await run({ bytes });
      } finally {
        release();
      }
    },

    /** Stops the running workers (the app is closing). */
    async close(): Promise<void> {
      await Promise.all([...workers].map((worker) => worker.terminate()));
    },
  };
}

export type Analyser = ReturnType<typeof createAnalyser>;

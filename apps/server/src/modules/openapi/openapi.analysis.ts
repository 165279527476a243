/**
 * Runs the analysis of an uploaded OpenAPI file (parse, validate, dereference, plan) in a worker
 * thread, so that the event loop keeps answering mock calls while a 100,000-line specification
 * is read. Each analysis has a heap limit and a time limit (and the planner a bound on its work),
 * and only a few run at once, one per owner at most; the others wait their turn, owners in turn. A worker serves one analysis at a time and is kept for the next: starting one
 * and compiling the OpenAPI schemas costs about a second of a core, which every import paid when
 * each had a fresh worker. A worker is stopped after a while unused, after a number of analyses,
 * and at once when an analysis fails it (its heap, its time limit), so no state outlives a fault.
 */
import type { ImportPlan } from '@mocksmith/core/openapi';
import type { ProjectImportPlan } from '@mocksmith/core/projects';
import { createWorkerPool } from '../../lib/worker-pool.ts';

export interface AnalysisRequest {
  /** The uploaded file, as it came. */
  bytes: Uint8Array;
  /** What to plan: one API per operation (the default), or the routes of a project. */
  target?: 'apis' | 'project';
}

/** What an analysis found: the plan of its target (APIs by default, or a project's routes). */
export type AnalysisOutcome<Plan = ImportPlan | ProjectImportPlan> =
  | { ok: true; plan: Plan }
  /** The file is not a valid OpenAPI document; `reason` says why (the parser's words). */
  | { ok: false; reason: string; crashed?: boolean };

/** What a worker posts back: the outcome of the analysis `id`. */
export interface WorkerAnswer {
  id: number;
  outcome: AnalysisOutcome;
}

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
  /** How long a worker is kept unused before it is stopped. */
  idleMs?: number;
  /** How many analyses one worker makes before it is replaced. */
  maxUses?: number;
}

/** An analyser: `analyse(bytes)` resolves with the outcome or rejects with one of the errors. */
export function createAnalyser({
  timeoutMs = 60_000,
  maxHeapMb = 384,
  concurrency = 2,
  idleMs = 60_000,
  maxUses = 100,
}: AnalyserOptions = {}) {
  const pool = createWorkerPool<WorkerAnswer>({
    // The production build bundles the worker to dist/openapi.worker.js beside dist/server.js.
    script: {
      built: new URL('./openapi.worker.js', import.meta.url),
      source: new URL('./openapi.worker.ts', import.meta.url),
    },
    size: concurrency,
    maxHeapMb,
    timeoutMs,
    idleMs,
    maxUses,
    // A crash inside the analysis may have left the worker in any state: it goes.
    keepAfter: ({ outcome }) => outcome.ok || !outcome.crashed,
    refuse: {
      timeout: () => new AnalysisTimeoutError(Math.round(timeoutMs / 1000)),
      error: (error) =>
        new AnalysisFailedError(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'The document needs more memory than an import may use'
            : `The analysis failed: ${error.message}`,
        ),
      exit: (code) => new AnalysisFailedError(`The analysis stopped (exit code ${code})`),
      stopping: () => new AnalysisFailedError('The analysis was stopped'),
    },
  });

  const queued = async (owner: string, request: AnalysisRequest): Promise<AnalysisOutcome> => {
    const { outcome } = await pool.run({ owner, message: (id) => ({ id, request }) });
    return outcome;
  };

  return {
    /**
     * Analyses one file in a worker. Owners take turns: one analysis of each at most runs at a
     * time, and an owner's next waits behind one of every other owner waiting, so that one who
     * sends many files delays another by one analysis at most.
     */
    analyse(bytes: Uint8Array, owner = ''): Promise<AnalysisOutcome<ImportPlan>> {
      return queued(owner, { bytes, target: 'apis' }) as Promise<AnalysisOutcome<ImportPlan>>;
    },

    /** As `analyse`, planning the routes of a project (one queue with the other imports). */
    analyseForProject(bytes: Uint8Array, owner = ''): Promise<AnalysisOutcome<ProjectImportPlan>> {
      return queued(owner, { bytes, target: 'project' }) as Promise<
        AnalysisOutcome<ProjectImportPlan>
      >;
    },

    /** The workers alive now, those of them waiting for work, and how many were ever started. */
    stats(): { workers: number; idle: number; started: number } {
      const { workers, idle, started } = pool.stats();
      return { workers, idle, started };
    },

    /** Stops the workers (the app is closing). */
    close(): Promise<void> {
      return pool.close();
    },
  };
}

export type Analyser = ReturnType<typeof createAnalyser>;

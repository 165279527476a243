/**
 * Runs the analysis of an uploaded OpenAPI file (parse, validate, dereference, plan) in a worker
 * thread, so that the event loop keeps answering mock calls while a 100,000-line specification
 * is read. Each analysis has a heap limit and a time limit (and the planner a bound on its work),
 * and only a few run at once, one per owner at most; the others wait their turn, owners in turn. A worker serves one analysis at a time and is kept for the next: starting one
 * and compiling the OpenAPI schemas costs about a second of a core, which every import paid when
 * each had a fresh worker. A worker is stopped after a while unused, after a number of analyses,
 * and at once when an analysis fails it (its heap, its time limit), so no state outlives a fault.
 */
import { Worker } from 'node:worker_threads';
import type { ImportPlan } from '@mocksmith/core/openapi';
import type { ProjectImportPlan } from '@mocksmith/core/projects';

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

// From the sources (tsx, Vitest) the worker is TypeScript, started through lib/ts-worker.mjs;
// the production build bundles it to dist/openapi.worker.js beside dist/server.js.
const fromSources = import.meta.url.endsWith('.ts');
const workerScript = fromSources
  ? new URL('../../lib/ts-worker.mjs', import.meta.url)
  : new URL('./openapi.worker.js', import.meta.url);
const workerEntry = new URL('./openapi.worker.ts', import.meta.url).href;

interface Task {
  id: number;
  resolve: (outcome: AnalysisOutcome) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** A worker, the analysis it is making if any, and how many it has made. */
interface Slot {
  worker: Worker;
  uses: number;
  task?: Task;
  idleTimer?: NodeJS.Timeout;
}

/** An analyser: `analyse(bytes)` resolves with the outcome or rejects with one of the errors. */
export function createAnalyser({
  timeoutMs = 60_000,
  maxHeapMb = 384,
  concurrency = 2,
  idleMs = 60_000,
  maxUses = 100,
}: AnalyserOptions = {}) {
  let running = 0;
  let nextId = 0;
  // The analyses waiting, by owner, owners in turn order (a Map keeps insertion order); and the
  // owners with an analysis running (one each at most).
  const waiting = new Map<string, (() => void)[]>();
  const busy = new Set<string>();
  const slots = new Set<Slot>();
  const idle: Slot[] = [];
  let started = 0;

  /**
   * Starts waiting analyses while a place is free: the first owner in turn with none running
   * goes, and moves to the back of the turn when it has more waiting (round robin).
   */
  const pump = () => {
    while (running < concurrency) {
      let owner: string | undefined;
      for (const key of waiting.keys()) {
        if (!busy.has(key)) {
          owner = key;
          break;
        }
      }
      if (owner === undefined) return;
      const queue = waiting.get(owner) as (() => void)[];
      const start = queue.shift() as () => void;
      waiting.delete(owner);
      if (queue.length > 0) waiting.set(owner, queue);
      busy.add(owner);
      running++;
      start();
    }
  };
  const acquire = (owner: string) =>
    new Promise<void>((resolve) => {
      const queue = waiting.get(owner);
      if (queue) queue.push(resolve);
      else waiting.set(owner, [resolve]);
      pump();
    });
  const release = (owner: string) => {
    busy.delete(owner);
    running--;
    // The owner just had its turn: its next analyses go behind every other owner's.
    const queue = waiting.get(owner);
    if (queue) {
      waiting.delete(owner);
      waiting.set(owner, queue);
    }
    pump();
  };

  /** Takes `slot`'s analysis off it, its time limit cleared. */
  const takeTask = (slot: Slot) => {
    const task = slot.task;
    slot.task = undefined;
    if (task) clearTimeout(task.timer);
    return task;
  };

  /** Stops `slot`'s worker and forgets it; its analysis, if any, fails with `error`. */
  const retire = async (slot: Slot, error?: Error) => {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    takeTask(slot)?.reject(error ?? new AnalysisFailedError('The analysis was stopped'));
    await slot.worker.terminate();
  };

  /** `slot` is free again: kept for the next analysis (unless it has made enough), for a while. */
  const park = (slot: Slot) => {
    if (slot.uses >= maxUses) {
      void retire(slot);
      return;
    }
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void retire(slot), idleMs);
    slot.idleTimer.unref();
    idle.push(slot);
  };

  const spawn = (): Slot => {
    const worker = new Worker(workerScript, {
      workerData: fromSources ? { entry: workerEntry } : {},
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, uses: 0 };
    slots.add(slot);
    started++;
    worker.on('message', ({ id, outcome }: WorkerAnswer) => {
      const task = slot.task;
      if (task?.id !== id) return;
      takeTask(slot);
      // A crash inside the analysis may have left the worker in any state: it goes.
      if (!outcome.ok && outcome.crashed) void retire(slot);
      else park(slot);
      task.resolve(outcome);
    });
    worker.on('error', (error) => {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      void retire(
        slot,
        new AnalysisFailedError(
          outOfMemory
            ? 'The document needs more memory than an import may use'
            : `The analysis failed: ${error.message}`,
        ),
      );
    });
    worker.on('exit', (code) => {
      void retire(slot, new AnalysisFailedError(`The analysis stopped (exit code ${code})`));
    });
    return slot;
  };

  const run = (request: AnalysisRequest) =>
    new Promise<AnalysisOutcome>((resolve, reject) => {
      const slot = idle.pop() ?? spawn();
      clearTimeout(slot.idleTimer);
      slot.worker.ref();
      slot.uses++;
      const id = nextId++;
      const timer = setTimeout(
        () => void retire(slot, new AnalysisTimeoutError(Math.round(timeoutMs / 1000))),
        timeoutMs,
      );
      slot.task = { id, resolve, reject, timer };
      slot.worker.postMessage({ id, request });
    });

  const queued = async (owner: string, request: AnalysisRequest): Promise<AnalysisOutcome> => {
    await acquire(owner);
    try {
      return await run(request);
    } finally {
      release(owner);
    }
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
      return { workers: slots.size, idle: idle.length, started };
    },

    /** Stops the workers (the app is closing). */
    async close(): Promise<void> {
      await Promise.all([...slots].map((slot) => retire(slot)));
    },
  };
}

export type Analyser = ReturnType<typeof createAnalyser>;

/**
 * The one helper behind the server's worker threads (large answers, OpenAPI analyses, the
 * background work): up to `size` workers, each doing one job at a time within a time and a heap
 * limit; the jobs waiting are started in turn, owners taking turns (one job of an owner at a
 * time, an owner's next behind one of every other owner waiting: the priority that keeps one
 * caller from delaying the others), and their number may be bounded. A worker that fails (its
 * heap, its time limit, an exit) is stopped and forgotten, its job refused, and the next job
 * starts a new one. A worker is kept for the next jobs (unreferenced, so it never holds the
 * process open), for a while unused (`idleMs`) and for a number of jobs (`maxUses`) when asked.
 */
import { Worker } from 'node:worker_threads';

/** The messages a worker answers carry the id of the job they answer. */
export interface WorkerReply {
  id: number;
}

/** A worker of the pool, as the jobs and the hooks see it. */
export interface PoolWorker {
  readonly worker: Worker;
}

/** One job: how it is sent, and how its refusals are worded. */
export interface PoolJob {
  /** The message for the worker, made as the job leaves, for the worker it goes to. */
  message(id: number, worker: PoolWorker): unknown;
  /** Whose job it is: an owner's jobs run one at a time, owners in turn. None: the job alone. */
  owner?: string;
  /** True once nobody waits for the job (the client left): it is then never started. */
  gone?: () => boolean;
  /** What the job is, in the words of its refusals. */
  what?: string;
}

export interface WorkerPoolOptions<Reply extends WorkerReply> {
  /** The worker's module: bundled beside the server, and its TypeScript source. */
  script: { built: URL; source: URL };
  /** Workers at most, and so jobs running at once. */
  size: number;
  /** Each worker's heap limit (old generation), in MiB. */
  maxHeapMb: number;
  /** How long one job may take, waiting excluded. */
  timeoutMs: number;
  /** How long a worker is kept unused before it is stopped (default: for as long as the pool). */
  idleMs?: number;
  /** How many jobs one worker does before it is replaced (default: no limit). */
  maxUses?: number;
  /** Jobs that may wait at most; past them `refuse.full()` (default: no bound). */
  maxWaiting?: number;
  /** Called as a worker starts, for the state a pool keeps per worker. */
  onStart?: (worker: PoolWorker) => void;
  /** Whether a worker may be kept after this answer (default: yes); one that may not is stopped. */
  keepAfter?: (reply: Reply) => boolean;
  /** The errors of the pool's refusals, in the words of what it runs. */
  refuse: {
    /** The job passed `timeoutMs`. */
    timeout(job: PoolJob): Error;
    /** The worker failed (`error` is the worker's: ERR_WORKER_OUT_OF_MEMORY past its heap). */
    error(error: Error, job: PoolJob | undefined): Error;
    /** The worker exited. */
    exit(code: number, job: PoolJob | undefined): Error;
    /** The pool is closing, or closed. */
    stopping(): Error;
    /** `gone()` said nobody waits for it any more. */
    gone?(): Error;
    /** `maxWaiting` jobs wait already. */
    full?(): Error;
  };
}

interface Task<Reply> {
  job: PoolJob;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

interface Slot<Reply> extends PoolWorker {
  uses: number;
  id?: number;
  task?: Task<Reply>;
  timer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

// From the sources (tsx, Vitest) a worker is TypeScript, started through lib/ts-worker.mjs; the
// production build bundles each to dist/*.worker.js beside dist/server.js.
const fromSources = import.meta.url.endsWith('.ts');
const tsWorker = new URL('./ts-worker.mjs', import.meta.url);

/** A pool of workers; `run(job)` resolves with the worker's reply to it, or rejects. */
export function createWorkerPool<Reply extends WorkerReply>({
  script,
  size,
  maxHeapMb,
  timeoutMs,
  idleMs,
  maxUses = Number.POSITIVE_INFINITY,
  maxWaiting = Number.POSITIVE_INFINITY,
  onStart,
  keepAfter = () => true,
  refuse,
}: WorkerPoolOptions<Reply>) {
  const slots = new Set<Slot<Reply>>();
  const free: Slot<Reply>[] = [];
  // The jobs waiting, by owner, owners in turn order (a Map keeps insertion order); a job
  // without an owner is an owner of its own. And the owners with a job running.
  const waiting = new Map<unknown, Task<Reply>[]>();
  let waitingCount = 0;
  const busy = new Set<unknown>();
  const ownerOf = new WeakMap<Task<Reply>, unknown>();
  let nextId = 0;
  let started = 0;
  let closed = false;

  /** Takes the slot's job off it, its time limit cleared. */
  const settle = (slot: Slot<Reply>): Task<Reply> | undefined => {
    const task = slot.task;
    slot.task = undefined;
    clearTimeout(slot.timer);
    if (task) {
      busy.delete(ownerOf.get(task));
      // The owner just had its turn: its next jobs go behind every other owner's.
      const queue = waiting.get(ownerOf.get(task));
      if (queue) {
        waiting.delete(ownerOf.get(task));
        waiting.set(ownerOf.get(task), queue);
      }
    }
    return task;
  };

  /** Stops the slot's worker and forgets it; its job, if any, fails with `error`. */
  const retire = (slot: Slot<Reply>, error: Error) => {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    const at = free.indexOf(slot);
    if (at >= 0) free.splice(at, 1);
    settle(slot)?.reject(error);
    void slot.worker.terminate();
    dispatch();
  };

  /** The slot is free again: kept for the next job (unless it did enough), for a while. */
  const park = (slot: Slot<Reply>) => {
    slot.worker.unref();
    if (slot.uses >= maxUses) {
      if (slots.delete(slot)) void slot.worker.terminate();
      return;
    }
    if (idleMs !== undefined) {
      slot.idleTimer = setTimeout(() => retire(slot, refuse.stopping()), idleMs);
      slot.idleTimer.unref();
    }
    free.push(slot);
  };

  const spawn = (): Slot<Reply> => {
    const worker = new Worker(fromSources ? tsWorker : script.built, {
      workerData: fromSources ? { entry: script.source.href } : {},
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot<Reply> = { worker, uses: 0 };
    slots.add(slot);
    started++;
    onStart?.(slot);
    worker.on('message', (reply: Reply) => {
      if (slot.task === undefined || slot.id !== reply.id) return;
      const task = settle(slot) as Task<Reply>;
      if (keepAfter(reply)) park(slot);
      else if (slots.delete(slot)) void worker.terminate();
      task.resolve(reply);
      dispatch();
    });
    worker.on('error', (error) => retire(slot, refuse.error(error, slot.task?.job)));
    worker.on('exit', (code) => retire(slot, refuse.exit(code, slot.task?.job)));
    return slot;
  };

  /** The next job in turn: the first owner's with none running, or undefined. */
  const next = (): Task<Reply> | undefined => {
    for (const [owner, queue] of waiting) {
      if (busy.has(owner)) continue;
      const task = queue.shift() as Task<Reply>;
      waiting.delete(owner);
      // Its next jobs go behind every other owner's.
      if (queue.length > 0) waiting.set(owner, queue);
      waitingCount--;
      return task;
    }
    return undefined;
  };

  /** Gives waiting jobs to free workers, starting workers up to the pool's size. */
  function dispatch(): void {
    while (!closed && waitingCount > 0 && slots.size - free.length < size) {
      const task = next();
      if (!task) return;
      if (task.job.gone?.()) {
        task.reject(refuse.gone?.() ?? refuse.stopping());
        continue;
      }
      const slot = free.pop() ?? spawn();
      clearTimeout(slot.idleTimer);
      busy.add(ownerOf.get(task));
      slot.task = task;
      slot.id = nextId++;
      slot.uses++;
      slot.worker.ref();
      slot.timer = setTimeout(() => retire(slot, refuse.timeout(task.job)), timeoutMs);
      slot.worker.postMessage(task.job.message(slot.id, slot));
    }
  }

  return {
    /** Runs a job in a worker, in its turn; resolves with the worker's reply to it. */
    run(job: PoolJob): Promise<Reply> {
      return new Promise((resolve, reject) => {
        if (closed) return reject(refuse.stopping());
        if (waitingCount >= maxWaiting) return reject(refuse.full?.() ?? refuse.stopping());
        const task: Task<Reply> = { job, resolve, reject };
        const owner = job.owner ?? Symbol('job');
        ownerOf.set(task, owner);
        const queue = waiting.get(owner);
        if (queue) queue.push(task);
        else waiting.set(owner, [task]);
        waitingCount++;
        dispatch();
      });
    },

    /** Workers alive, those of them free, jobs waiting, and workers ever started. */
    stats(): { workers: number; idle: number; waiting: number; started: number } {
      return { workers: slots.size, idle: free.length, waiting: waitingCount, started };
    },

    /** Stops the workers (the app is closing): waiting and running jobs fail. */
    async close(): Promise<void> {
      closed = true;
      for (const queue of waiting.values()) {
        for (const task of queue) task.reject(refuse.stopping());
      }
      waiting.clear();
      waitingCount = 0;
      const stopping = [...slots].map((slot) => {
        slots.delete(slot);
        clearTimeout(slot.idleTimer);
        settle(slot)?.reject(refuse.stopping());
        return slot.worker.terminate();
      });
      free.length = 0;
      await Promise.all(stopping);
    },
  };
}

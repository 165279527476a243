/**
 * The server's background work, off the event loop: one worker thread (work.worker.ts, started
 * on first use) that runs core's heavy pure functions one job at a time, in order, each within
 * a time and a heap limit: a collection's seeded records (10,000 records of a wide template
 * take a second of a core), a heavy list answer of a collection (filtered, sorted, joined and
 * serialised where the records already are), and the check of a route's rules before it is
 * saved (RE2 compiles a pattern in up to a fifth of a second). A worker that fails is replaced
 * and its job refused with a message; the next job starts a new one.
 *
 * The worker keeps the records it is sent for list answers, by a stamp their sender gives each
 * array of records (one per version of a session's collection), the least recently used
 * forgotten past `maxHeldRecords`: a list job names the stamps it reads, sends the records of
 * those it does not know the worker holds, and is answered `missing` for those the worker
 * forgot (or a new worker never had), which the pool sends again with their records.
 */
import { Worker } from 'node:worker_threads';
import { ErrorCode, type JsonObject } from '@mocksmith/core';
import type { RouteRule, RuleProblem } from '@mocksmith/core/projects';
import type { HeldRecords, ListInput, SeedInput } from '@mocksmith/engine';
import { AppError } from './errors.ts';

// A seeding's and a list's jobs are the engine's worker port's (its collections' operations).
export type { HeldRecords, ListInput, SeedInput };

/** The problems of a route's rules before saving (core's ruleProblems). */
export interface RulesInput {
  rules: readonly RouteRule[];
  responseNames: readonly string[];
  paramNames?: readonly string[];
}

/** What each kind of job takes and answers. */
export interface WorkJobs {
  seed: { input: SeedInput; output: string };
  list: {
    input: ListInput;
    output: { headers: Record<string, string>; body: Uint8Array } | { missing: number[] };
  };
  rules: { input: RulesInput; output: RuleProblem[] };
}

export type WorkKind = keyof WorkJobs;

export interface WorkRequest<K extends WorkKind = WorkKind> {
  id: number;
  kind: K;
  input: WorkJobs[K]['input'];
}

/** A job's answer: its output, or a refusal (its status, code and message). */
export type WorkReply =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; status?: number; code?: ErrorCode; message: string };

export interface WorkPoolOptions {
  /** How long one job may take, waiting excluded. */
  timeoutMs?: number;
  /** The worker's heap limit (old generation), in MiB. */
  maxHeapMb?: number;
}

// From the sources (tsx, Vitest) the worker is TypeScript, started through lib/ts-worker.mjs;
// the production build bundles it to dist/work.worker.js beside dist/server.js.
const fromSources = import.meta.url.endsWith('.ts');
const workerScript = fromSources
  ? new URL('./ts-worker.mjs', import.meta.url)
  : new URL('./work.worker.js', import.meta.url);
const workerEntry = new URL('./work.worker.ts', import.meta.url).href;

interface Pending {
  request: WorkRequest;
  /** What the job says it is, in the refusals of its time and heap limits. */
  what: string;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

const failed = (message: string) => new AppError(ErrorCode.INTERNAL_ERROR, message);

/** Records crossing to the worker: those of the arrays it is not known to hold. */
function withRecords(view: HeldRecords, held: ReadonlySet<number>): HeldRecords {
  return held.has(view.stamp) ? { stamp: view.stamp } : view;
}

export function createWorkPool({ timeoutMs = 30_000, maxHeapMb = 512 }: WorkPoolOptions = {}) {
  let worker: Worker | null = null;
  let current: Pending | null = null;
  let timer: NodeJS.Timeout | undefined;
  const queue: Pending[] = [];
  let nextId = 0;
  let closed = false;
  // The stamps of the record arrays sent to the current worker (it may have forgotten some).
  const sent = new Set<number>();

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
    sent.clear();
    settle()?.reject(failed(message));
    void dead?.terminate();
    dispatch();
  };

  const spawn = (): Worker => {
    sent.clear();
    const started = new Worker(workerScript, {
      workerData: fromSources ? { entry: workerEntry } : {},
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      stdout: false,
      stderr: false,
    });
    started.on('message', (reply: WorkReply) => {
      if (current?.request.id !== reply.id) return;
      const pending = settle() as Pending;
      if (reply.ok) pending.resolve(reply.output);
      else {
        pending.reject(
          new AppError(reply.code ?? ErrorCode.INTERNAL_ERROR, reply.message, {
            ...(reply.status === undefined ? {} : { status: reply.status }),
          }),
        );
      }
      dispatch();
    });
    started.on('error', () => {
      if (worker === started)
        retire(`${current?.what ?? 'The work'} took more memory than it may use`);
    });
    started.on('exit', () => {
      if (worker === started) retire(`${current?.what ?? 'The work'} could not be done`);
    });
    return started;
  };

  function dispatch(): void {
    if (current || closed || queue.length === 0) return;
    worker ??= spawn();
    current = queue.shift() as Pending;
    worker.ref();
    const { what } = current;
    timer = setTimeout(
      () => retire(`${what} took longer than ${timeoutMs / 1000} seconds`),
      timeoutMs,
    );
    let { request } = current;
    if (request.kind === 'list') {
      // Decided as it leaves, for the worker it goes to: the records it was not sent yet.
      const input = request.input as ListInput;
      request = {
        ...request,
        input: {
          ...input,
          view: withRecords(input.view, sent),
          relations: input.relations.map((relation) => ({
            ...relation,
            view: withRecords(relation.view, sent),
          })),
        },
      };
      sent.add(input.view.stamp);
      for (const relation of input.relations) sent.add(relation.view.stamp);
    }
    worker.postMessage(request);
  }

  /** Runs a job in the worker after those before it; `what` names it in a refusal. */
  function run<K extends WorkKind>(
    kind: K,
    input: WorkJobs[K]['input'],
    what: string,
  ): Promise<WorkJobs[K]['output']> {
    return new Promise((resolve, reject) => {
      if (closed) return reject(failed('The server is stopping'));
      queue.push({
        request: { id: nextId++, kind, input },
        what,
        resolve: resolve as (output: unknown) => void,
        reject,
      });
      dispatch();
    });
  }

  return {
    /** The seeded records of a template, as JSON text, made after the jobs before it. */
    async seed(input: SeedInput): Promise<JsonObject[]> {
      const text = await run('seed', input, 'Making the records');
      return JSON.parse(text) as JsonObject[];
    },

    /**
     * A list answer (core's answerList) made in the worker: its headers and body as UTF-8.
     * Throws the AppError of a refusal (a bad parameter, an answer past its bounds).
     */
    async list(input: ListInput): Promise<{ headers: Record<string, string>; body: Buffer }> {
      let output = await run('list', input, 'The list');
      if ('missing' in output) {
        // Forgotten by the worker since they were sent: sent again, once, with the records.
        for (const stamp of output.missing) sent.delete(stamp);
        output = await run('list', input, 'The list');
        if ('missing' in output) throw failed('The list could not be made');
      }
      const { buffer, byteOffset, byteLength } = output.body;
      return { headers: output.headers, body: Buffer.from(buffer, byteOffset, byteLength) };
    },

    /** The problems of a route's rules (core's ruleProblems), found in the worker. */
    rules(input: RulesInput): Promise<RuleProblem[]> {
      return run('rules', input, 'Checking the rules');
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

export type WorkPool = ReturnType<typeof createWorkPool>;

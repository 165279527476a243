/**
 * The server's background work, off the event loop: one worker thread (work.worker.ts, started
 * on first use) that runs core's heavy pure functions one job at a time, in order, each within
 * a time and a heap limit: a collection's seeded records (10,000 records of a wide template
 * take a second of a core), a heavy list answer of a collection (filtered, sorted, joined and
 * serialised where the records already are), the check of a route's rules before it is
 * saved (RE2 compiles a pattern in up to a fifth of a second), and the reading of a project's
 * files (a push). A worker that fails is replaced
 * and its job refused with a message; the next job starts a new one.
 *
 * The worker keeps the records it is sent for list answers, by a stamp their sender gives each
 * array of records (one per version of a session's collection), the least recently used
 * forgotten past `maxHeldRecords`: a list job names the stamps it reads, sends the records of
 * those it does not know the worker holds, and is answered `missing` for those the worker
 * forgot (or a new worker never had), which the pool sends again with their records.
 */
import { ErrorCode, type JsonObject } from '@mocksmith/core';
import type { ReadProjectResult } from '@mocksmith/core/project-files';
import type { RouteRule, RuleProblem } from '@mocksmith/core/projects';
import type { HeldRecords, ListInput, SeedInput } from '@mocksmith/engine';
import { AppError } from './errors.ts';
import { createWorkerPool } from './worker-pool.ts';

// A seeding's and a list's jobs are the engine's worker port's (its collections' operations).
export type { HeldRecords, ListInput, SeedInput };

/** The problems of a route's rules before saving (core's ruleProblems). */
export interface RulesInput {
  rules: readonly RouteRule[];
  responseNames: readonly string[];
  paramNames?: readonly string[];
}

/** A project's files to read and check (core's readProjectFiles): a push's or an upload's. */
export interface FilesInput {
  files: Record<string, string>;
  maxResponseBytes?: number;
}

/** What each kind of job takes and answers. */
export interface WorkJobs {
  seed: { input: SeedInput; output: string };
  list: {
    input: ListInput;
    output: { headers: Record<string, string>; body: Uint8Array } | { missing: number[] };
  };
  rules: { input: RulesInput; output: RuleProblem[] };
  files: { input: FilesInput; output: ReadProjectResult };
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

const failed = (message: string) => new AppError(ErrorCode.INTERNAL_ERROR, message);

/** Records crossing to the worker: those of the arrays it is not known to hold. */
function withRecords(view: HeldRecords, held: ReadonlySet<number>): HeldRecords {
  return held.has(view.stamp) ? { stamp: view.stamp } : view;
}

export function createWorkPool({ timeoutMs = 30_000, maxHeapMb = 512 }: WorkPoolOptions = {}) {
  // The stamps of the record arrays sent to the current worker (it may have forgotten some).
  const sent = new Set<number>();
  const pool = createWorkerPool<WorkReply>({
    // The production build bundles the worker to dist/work.worker.js beside dist/server.js.
    script: {
      built: new URL('./work.worker.js', import.meta.url),
      source: new URL('./work.worker.ts', import.meta.url),
    },
    size: 1,
    maxHeapMb,
    timeoutMs,
    onStart: () => sent.clear(),
    refuse: {
      timeout: (job) => failed(`${job.what} took longer than ${timeoutMs / 1000} seconds`),
      error: (_error, job) => failed(`${job?.what ?? 'The work'} took more memory than it may use`),
      exit: (_code, job) => failed(`${job?.what ?? 'The work'} could not be done`),
      stopping: () => failed('The server is stopping'),
    },
  });

  /** The request as it leaves, for the worker it goes to: the records it was not sent yet. */
  const requestOf = (request: WorkRequest): WorkRequest => {
    if (request.kind !== 'list') return request;
    const input = request.input as ListInput;
    const leaving = {
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
    return leaving;
  };

  /** Runs a job in the worker after those before it; `what` names it in a refusal. */
  async function run<K extends WorkKind>(
    kind: K,
    input: WorkJobs[K]['input'],
    what: string,
  ): Promise<WorkJobs[K]['output']> {
    const reply = await pool.run({
      what,
      message: (id) => requestOf({ id, kind, input } as WorkRequest),
    });
    if (reply.ok) return reply.output as WorkJobs[K]['output'];
    throw new AppError(reply.code ?? ErrorCode.INTERNAL_ERROR, reply.message, {
      ...(reply.status === undefined ? {} : { status: reply.status }),
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

    /**
     * A project's files read and checked (core's readProjectFiles) in the worker: parsing a
     * thousand YAML files and compiling their rules' patterns holds a thread for seconds.
     */
    readFiles(input: FilesInput): Promise<ReadProjectResult> {
      return run('files', input, 'Reading the files');
    },

    /** Stops the worker (the app is closing); waiting jobs fail. */
    close(): Promise<void> {
      return pool.close();
    },
  };
}

export type WorkPool = ReturnType<typeof createWorkPool>;

/**
 * The worker thread of work-pool.ts: core's heavy pure functions, one job at a time. Seeded
 * records go back as JSON text (one string crosses threads cheaply); a list answer as UTF-8
 * bytes whose buffer is transferred rather than copied; the records list answers read are kept
 * here by stamp, the least recently used forgotten past MAX_HELD_RECORDS.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ErrorCode, JsonObject, JsonValue } from '@mocksmith/core';
import { answerList, type ListRelation, seedRecords } from '@mocksmith/core/collections';
import { readProjectFiles } from '@mocksmith/core/project-files';
import { ruleProblems } from '@mocksmith/core/projects';
import type { HeldRecords, ListInput, WorkJobs, WorkReply, WorkRequest } from './work-pool.ts';

// Background work gives way to the event loop when they share a core: on Linux a nice value is
// a thread's own (setpriority(2)), so this thread alone runs at a lower priority. Elsewhere the
// call would lower the whole process: it is left at its priority there.
if (process.platform === 'linux') setPriority(10);

/** Records kept for list answers, across their arrays (a Map's order: least recently used first). */
const MAX_HELD_RECORDS = 100_000;
const held = new Map<number, readonly JsonObject[]>();
let heldRecords = 0;

const encoder = new TextEncoder();

/** The records of a stamp: kept when sent, else those held (moved to the end: just used). */
function recordsOf(view: HeldRecords, missing: number[]): readonly JsonObject[] {
  const known = held.get(view.stamp);
  const records = view.records ?? known;
  if (records === undefined) {
    missing.push(view.stamp);
    return [];
  }
  if (known !== undefined) {
    held.delete(view.stamp);
    heldRecords -= known.length;
  }
  held.set(view.stamp, records);
  heldRecords += records.length;
  return records;
}

/** Forgets the least recently used arrays past the bound, never those of this job. */
function forget(keep: ReadonlySet<number>): void {
  for (const [stamp, records] of held) {
    if (heldRecords <= MAX_HELD_RECORDS) return;
    if (keep.has(stamp)) continue;
    held.delete(stamp);
    heldRecords -= records.length;
  }
}

function list(input: ListInput): WorkJobs['list']['output'] {
  const missing: number[] = [];
  const records = recordsOf(input.view, missing);
  const relations = input.relations.map(
    ({ view, ...relation }) => ({ ...relation, records: recordsOf(view, missing) }) as ListRelation,
  );
  forget(new Set([input.view.stamp, ...input.relations.map((relation) => relation.view.stamp)]));
  if (missing.length > 0) return { missing };
  const answer = answerList(records, input.query, {
    pageUrl: input.pageUrl,
    relations,
    maxBytes: input.maxBytes,
  });
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
  return { headers: answer.value.headers, body: encoder.encode(answer.value.payload) };
}

function run(request: WorkRequest): WorkReply {
  try {
    switch (request.kind) {
      case 'seed': {
        const job = request.input as WorkJobs['seed']['input'];
        const records = seedRecords(job.template, {
          seed: job.seed,
          count: job.count,
          refs: (collection, field) => (job.refs[`${collection}.${field}`] ?? []) as JsonValue[],
        });
        return { id: request.id, ok: true, output: JSON.stringify(records) };
      }
      case 'list':
        return { id: request.id, ok: true, output: list(request.input as ListInput) };
      case 'rules': {
        const job = request.input as WorkJobs['rules']['input'];
        return {
          id: request.id,
          ok: true,
          output: ruleProblems(job.rules, job.responseNames, job.paramNames),
        };
      }
      case 'files': {
        const job = request.input as WorkJobs['files']['input'];
        const output = readProjectFiles(new Map(Object.entries(job.files)), {
          ...(job.maxResponseBytes === undefined ? {} : { maxResponseBytes: job.maxResponseBytes }),
        });
        return { id: request.id, ok: true, output };
      }
      default:
        return { id: request.id, ok: false, message: `No such work: ${String(request.kind)}` };
    }
  } catch (error) {
    // A refusal of core's rules carries its code (and so its status); anything else is a 500.
    const { code, message } = error as { code?: ErrorCode; message?: string };
    return {
      id: request.id,
      ok: false,
      ...(code === undefined ? {} : { code }),
      message: message ?? String(error),
    };
  }
}

parentPort?.on('message', (request: WorkRequest) => {
  const reply = run(request);
  // A list's body moves to the main thread: no copy of megabytes.
  const output = reply.ok ? (reply.output as { body?: Uint8Array }) : undefined;
  if (output?.body) parentPort?.postMessage(reply, [output.body.buffer as ArrayBuffer]);
  else parentPort?.postMessage(reply);
});

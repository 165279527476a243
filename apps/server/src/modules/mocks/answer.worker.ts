/**
 * A worker thread of large mock answers (answer-pool.ts): the heavy part of a call, off the event
 * loop. For each job it compiles the template (once per version, kept for the next calls), then
 * renders it with the engine's one renderer, as the main thread does (the list query checked first, one body
 * generated, sorted and paginated), and answers the list headers and the body encoded as UTF-8,
 * its buffer transferred rather than copied. A refusal of the rules (400, the 500 of a body past
 * the size limit) comes back as its status, code and message.
 */
import { parentPort } from 'node:worker_threads';
import { renderResponse } from '@mocksmith/engine';
import { AppError } from '../../lib/errors.ts';
import type { AnswerJob, WorkerReply } from './answer-pool.ts';
import { type MockApi, toMockApi } from './mock-cache.ts';
import type { MockApiRecord } from './mocks.service.ts';

/** Compiled templates by key (one per version of an API), the oldest dropped past this many. */
const KEPT = 16;
const compiled = new Map<number, MockApi | null>();

const encoder = new TextEncoder();

function apiOf(job: AnswerJob): MockApi | null {
  const kept = compiled.get(job.key);
  if (kept !== undefined) return kept;
  const record = {
    id: '',
    requestId: '',
    method: 'GET',
    customEndpoint: null,
    delay: 0,
    authToken: null,
    // The main thread sends its own status and headers: here the body and list headers only.
    httpCode: 200,
    customHeaders: [],
    template: job.template,
    isOfficial: false,
    disabled: false,
    ownerBanned: false,
  } as MockApiRecord;
  const api = toMockApi(record, job.maxResponseBytes);
  if (compiled.size >= KEPT) compiled.delete(compiled.keys().next().value as number);
  compiled.set(job.key, api);
  return api;
}

function run(job: AnswerJob): WorkerReply {
  try {
    const api = apiOf(job);
    if (!api) return { id: job.id, ok: false, status: 500, message: 'The template is broken' };
    const answer = renderResponse(api, job.query, () => job.pageUrl, job.request);
    // Its own buffer, never a slice of Buffer's shared pool: the buffer is transferred.
    const body = encoder.encode(answer.payload ?? '');
    return { id: job.id, ok: true, headers: answer.headers as [string, string][], body };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        id: job.id,
        ok: false,
        status: error.statusCode,
        code: error.code,
        message: error.message,
      };
    }
    return { id: job.id, ok: false, status: 500, message: (error as Error).message };
  }
}

parentPort?.on('message', (job: AnswerJob) => {
  const reply = run(job);
  // The body's memory moves to the main thread: no copy of 10 MB.
  if (reply.ok) parentPort?.postMessage(reply, [reply.body.buffer as ArrayBuffer]);
  else parentPort?.postMessage(reply);
});

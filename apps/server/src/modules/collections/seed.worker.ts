/**
 * The worker thread that makes a collection's seeded records (seed-pool.ts): 10,000 records of a
 * wide template take a second of a core, which must never hold the event loop that answers
 * everyone else. It answers the records as JSON text (one string crosses threads cheaply).
 */
import { parentPort } from 'node:worker_threads';
import type { JsonObject, JsonValue } from '@mocksmith/core';
import { seedRecords } from '@mocksmith/core/collections';
import type { SeedJob, SeedReply } from './seed-pool.ts';

function run(job: SeedJob): SeedReply {
  try {
    const records = seedRecords(job.template as JsonObject, {
      seed: job.seed,
      count: job.count,
      refs: (collection, field) => (job.refs[`${collection}.${field}`] ?? []) as JsonValue[],
    });
    return { id: job.id, ok: true, records: JSON.stringify(records) };
  } catch (error) {
    return { id: job.id, ok: false, message: (error as Error).message };
  }
}

parentPort?.on('message', (job: SeedJob) => parentPort?.postMessage(run(job)));

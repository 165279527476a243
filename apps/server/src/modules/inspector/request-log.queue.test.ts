/**
 * The request log's queues, over a repository kept in memory (no database): a flood is written
 * in the calls' order at most `rowsPerFlush` a flush, a full write leaves the window (the newest
 * 1,000) exact, and a live view is told of every call it was not shown.
 */
import type { CallCapture, LoggedCall, NewLoggedCall } from '@mocksmith/core/inspector';
import { describe, expect, it } from 'vitest';
import type { InspectorRepository } from './inspector.repository.ts';
import { createRequestLog } from './request-log.ts';

const PROJECT = '00000000-0000-4000-8000-000000000001';

/** A call of the project to `/things/{n}`, as the mock URLs capture it. */
const capture = (n: number): CallCapture => ({
  projectId: PROJECT,
  apiId: null,
  at: Date.now(),
  method: 'GET',
  url: `/p/shop/things/${n}`,
  pathAt: 7,
  route: 'GET /things/{id}',
  collection: null,
  headers: {},
  json: undefined,
  raw: null,
  rawCut: false,
  status: 200,
  response: 'default',
  rule: null,
  latencyMs: 1,
  delayMs: 0,
  fault: null,
  upstream: null,
  session: null,
  client: 'client',
  stored: true,
});

/** A table of entries in memory, ids in the order of the writes, trimmed as the real one is. */
function memoryRepository() {
  let rows: LoggedCall[] = [];
  const writes: number[] = [];
  const repository = {
    async insertBatch(entries: readonly NewLoggedCall[]) {
      writes.push(entries.length);
      const written = entries.map((entry, index) => ({ ...entry, id: rows.length + index + 1 }));
      rows = [...rows, ...written];
      return written;
    },
    async trim(_owners: unknown, keep: number) {
      rows = rows.slice(-keep);
    },
    async existingOwners() {
      return new Set([PROJECT]);
    },
    async addDrops() {},
  } as unknown as InspectorRepository;
  return { repository, writes, paths: () => rows.map((row) => row.path) };
}

const things = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `/things/${from + index}`);

describe('the request log’s queues', () => {
  it('writes a flood in order, 100 a flush, and all of the newest 1,000 when asked', async () => {
    const table = memoryRepository();
    const log = createRequestLog({ repository: table.repository, flushMs: 3_600_000 });
    for (let n = 1; n <= 2_500; n++) log.record(capture(n));
    await log.flush();
    // The oldest of the newest 1,000 waiting, and no more.
    expect(table.paths()).toEqual(things(1_501, 1_600));
    for (let n = 2_501; n <= 2_550; n++) log.record(capture(n));
    await log.flush();
    expect(table.paths()).toEqual(things(1_501, 1_700));
    await log.flush({ all: true });
    // The window: the newest 1,000 calls, in their order.
    expect(table.paths()).toEqual(things(1_551, 2_550));
    expect(table.writes).toEqual([100, 100, 850]);
    expect(log.dropped()).toBe(0);
    await log.close();
  });

  it('tells a live view how many calls of each flush it was not shown', async () => {
    const table = memoryRepository();
    const log = createRequestLog({ repository: table.repository, flushMs: 3_600_000 });
    const shown: string[] = [];
    let unshown = 0;
    const watch = log.watch(PROJECT, {
      entry: (entry) => shown.push(entry.path),
      unshown: (count) => {
        unshown += count;
      },
    });
    await watch.ready;
    for (let n = 1; n <= 1_500; n++) log.record(capture(n));
    await log.flush({ all: true });
    // 500 let go by the full queue, 1,000 written of which the newest 100 shown.
    expect(shown).toEqual(things(1_401, 1_500));
    expect(unshown).toBe(1_400);
    watch.stop();
    await log.close();
  });
});

/**
 * The request log's writes against the real database: a project deleted between its calls and
 * the next flush costs only its own calls, never the others' of the same batch; neither does a
 * body PostgreSQL's text cannot hold, nor a call whose entry cannot be built; a flush never
 * rejects, and every call the log could not keep is counted where the verification API reads.
 */
import { randomUUID } from 'node:crypto';
import type { CallCapture } from '@mocksmith/core/inspector';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProject } from '../../../test/collections.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { createInspectorRepository } from './inspector.repository.ts';
import { createRequestLog } from './request-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A call of a project to `/things/{n}`, as the mock URLs capture it. */
const capture = (projectId: string, n: number): CallCapture => ({
  projectId,
  apiId: null,
  at: Date.now(),
  method: 'GET',
  url: `/p/shop/things/${n}`,
  pathAt: 7,
  route: 'GET /things/{id}',
  collection: null,
  headers: { authorization: 'Bearer abcdefghijkl' },
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

/** A user and `count` projects of theirs, stored as the app would. */
async function projectsOf(count: number) {
  const db = t.database.db;
  const ownerId = randomUUID();
  await db.insert(users).values({
    id: ownerId,
    name: 'Owner',
    email: `${ownerId}@example.test`,
    emailVerified: true,
  });
  return Promise.all(
    Array.from({ length: count }, (_, n) =>
      insertProject(db, ownerId, {
        name: `Logged ${n}`,
        slug: `logged-${n}-${ownerId.slice(0, 8)}`,
        seed: 1,
      }),
    ),
  );
}

describe('the request log', () => {
  it('writes the calls of the projects that remain when another was deleted before the flush', async () => {
    const db = t.database.db;
    const ownerId = randomUUID();
    await db.insert(users).values({
      id: ownerId,
      name: 'Owner',
      email: `${ownerId}@example.test`,
      emailVerified: true,
    });
    const kept = await insertProject(db, ownerId, {
      name: 'Kept',
      slug: `kept-${ownerId.slice(0, 8)}`,
      seed: 1,
    });
    const gone = await insertProject(db, ownerId, {
      name: 'Gone',
      slug: `gone-${ownerId.slice(0, 8)}`,
      seed: 1,
    });
    const repository = createInspectorRepository(db);
    const errors: unknown[] = [];
    // No timer flush during the test: the flush below is the one that writes.
    const log = createRequestLog({
      repository,
      flushMs: 3_600_000,
      onError: (e) => errors.push(e),
    });
    try {
      for (let n = 1; n <= 3; n++) {
        log.record(capture(kept.id, n));
        log.record(capture(gone.id, n));
      }
      await db.delete(projects).where(eq(projects.id, gone.id));
      await log.flush();
      const written = await repository.list({ projectId: kept.id }, {}, 10);
      expect(written.map((entry) => entry.path).sort()).toEqual([
        '/things/1',
        '/things/2',
        '/things/3',
      ]);
      expect(written[0]?.headers.authorization).toBe('Bearer ••••ijkl');
      expect(errors).toEqual([]);
      expect(log.dropped()).toBe(3);
    } finally {
      await log.close();
    }
  });

  it('keeps the other calls of a batch when one body cannot be stored or masked', async () => {
    const [shop, other] = await projectsOf(2);
    const repository = createInspectorRepository(t.database.db);
    const errors: unknown[] = [];
    const log = createRequestLog({
      repository,
      flushMs: 3_600_000,
      onError: (e) => errors.push(e),
    });
    const encoder = new TextEncoder();
    try {
      log.record(capture(shop!.id, 1));
      // A body with a NUL byte, and one whose cut at 16 KiB falls inside an emoji.
      log.record({
        ...capture(shop!.id, 2),
        raw: [encoder.encode('a\u0000b')],
        json: undefined,
      });
      log.record({
        ...capture(other!.id, 3),
        json: { text: `${'x'.repeat(16 * 1024 - 10)}😀😀😀` },
      });
      // A call whose entry cannot be built (no HTTP body makes one: its reading throws).
      log.record({
        ...capture(other!.id, 4),
        json: {
          get unreadable(): never {
            throw new Error('this body cannot be read');
          },
        },
      });
      log.record(capture(other!.id, 5));
      await expect(log.flush()).resolves.toBeUndefined();
      const kept = await repository.list({ projectId: shop!.id }, {}, 10);
      expect(kept.map((entry) => [entry.path, entry.body])).toEqual([
        ['/things/2', 'a\ufffdb'],
        ['/things/1', null],
      ]);
      const others = await repository.list({ projectId: other!.id }, {}, 10);
      expect(others.map((entry) => entry.path)).toEqual(['/things/5', '/things/3']);
      expect(others[1]?.body?.endsWith('\ufffd')).toBe(true);
      // The unreadable one is counted where the verification API reads, and the log goes on.
      expect(await repository.dropped({ projectId: other!.id, apiId: null })).toBe(1);
      expect(await repository.dropped({ projectId: shop!.id, apiId: null })).toBe(0);
      expect(errors).toEqual([{ name: 'Error', message: 'this body cannot be read' }]);
      log.record(capture(other!.id, 6));
      await log.flush();
      expect((await repository.list({ projectId: other!.id }, {}, 1))[0]?.path).toBe('/things/6');
    } finally {
      await log.close();
    }
  });

  it('never rejects when a write fails, reports no content, and counts the calls lost', async () => {
    const [shop] = await projectsOf(1);
    const repository = createInspectorRepository(t.database.db);
    const errors: unknown[] = [];
    let fail = true;
    const log = createRequestLog({
      repository: {
        ...repository,
        insertBatch: async (entries) => {
          if (fail) throw new TypeError(`the connection broke while writing ${entries[0]?.body}`);
          return repository.insertBatch(entries);
        },
      },
      flushMs: 3_600_000,
      onError: (e) => errors.push(e),
    });
    try {
      log.record({ ...capture(shop!.id, 1), json: { password: 'hunter2-hunter2' } });
      log.record(capture(shop!.id, 2));
      await expect(log.flush()).resolves.toBeUndefined();
      expect(log.dropped()).toBe(2);
      expect(await repository.dropped({ projectId: shop!.id, apiId: null })).toBe(2);
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors)).not.toContain('hunter2');
      // The log goes on: the next calls are written.
      fail = false;
      log.record(capture(shop!.id, 3));
      await log.flush();
      expect((await repository.list({ projectId: shop!.id }, {}, 10)).map((e) => e.path)).toEqual([
        '/things/3',
      ]);
    } finally {
      await log.close();
    }
  });

  it('counts the calls past a full queue, and the verification API says so', async () => {
    const [shop] = await projectsOf(1);
    const repository = createInspectorRepository(t.database.db);
    const log = createRequestLog({ repository, flushMs: 3_600_000, maxQueue: 5 });
    try {
      for (let n = 1; n <= 8; n++) log.record(capture(shop!.id, n));
      await log.flush();
      expect(await repository.count({ projectId: shop!.id }, {})).toBe(5);
      expect(await repository.dropped({ projectId: shop!.id, apiId: null })).toBe(3);
      // Counted by the minute: a later `since` leaves them out, an earlier one keeps them.
      const later = new Date(Date.now() + 120_000);
      expect(await repository.dropped({ projectId: shop!.id, apiId: null }, later)).toBe(0);
      const earlier = new Date(Date.now() - 120_000);
      expect(await repository.dropped({ projectId: shop!.id, apiId: null }, earlier)).toBe(3);
      // Cleared with the log.
      await repository.clear({ projectId: shop!.id, apiId: null });
      expect(await repository.dropped({ projectId: shop!.id, apiId: null })).toBe(0);
    } finally {
      await log.close();
    }
  });
});

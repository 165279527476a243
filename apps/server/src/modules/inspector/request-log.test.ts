/**
 * The request log's writes against the real database: a project deleted between its calls and
 * the next flush costs only its own calls, never the others' of the same batch.
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
  session: null,
  client: 'client',
  stored: true,
});

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
});

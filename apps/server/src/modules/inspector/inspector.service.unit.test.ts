/**
 * The inspector service over fakes (no database): the log is read after every node wrote, only
 * by its owner, and an account's live views are counted until they close.
 */
import { ErrorCode } from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { createAccess } from '../../lib/access.ts';
import type { InspectorRepository } from './inspector.repository.ts';
import { createInspectorService, MAX_LIVE_STREAMS } from './inspector.service.ts';
import type { RequestLog } from './request-log.ts';

const PROJECT = '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b';
const ann = { id: 'user-ann' };

function service() {
  const steps: string[] = [];
  const repository = {
    list: async () => {
      steps.push('list');
      return [];
    },
    count: async () => {
      steps.push('count');
      return 3;
    },
    dropped: async () => 2,
    clear: async () => {
      steps.push('clear');
    },
    one: async () => null,
  } as unknown as InspectorRepository;
  const log = {
    watch: (ownerId: string) => {
      steps.push(`watch ${ownerId}`);
      return { ready: Promise.resolve(), stop: () => steps.push(`stop ${ownerId}`) };
    },
  } as unknown as RequestLog;
  const inspector = createInspectorService({
    repository,
    log,
    access: createAccess({
      findOwnedProject: async (id, ownerId) => (ownerId === ann.id ? { id } : null),
      findApi: async () => null,
    }),
    writeEverywhere: async () => {
      steps.push('write everywhere');
    },
  });
  return { inspector, steps };
}

const log = { kind: 'project', id: PROJECT } as const;

describe('the inspector service', () => {
  it('reads, counts and clears after every node wrote what it holds', async () => {
    const { inspector, steps } = service();
    await expect(inspector.list(ann, log, {}, 100)).resolves.toEqual({ requests: [], dropped: 2 });
    await expect(inspector.count(ann, log, {})).resolves.toEqual({ count: 3, dropped: 2 });
    await inspector.clear(ann, log);
    expect(steps).toEqual([
      'write everywhere',
      'list',
      'write everywhere',
      'count',
      'write everywhere',
      'clear',
    ]);
  });

  it("answers another user's log 404 without writing or reading", async () => {
    const { inspector, steps } = service();
    await expect(inspector.list({ id: 'user-bob' }, log, {}, 100)).rejects.toMatchObject({
      statusCode: 404,
      code: ErrorCode.PROJECT_NOT_FOUND,
    });
    expect(steps).toEqual([]);
  });

  it('says which log has no such call', async () => {
    const { inspector } = service();
    await expect(inspector.one(ann, log, 7)).rejects.toMatchObject({
      statusCode: 404,
      code: ErrorCode.NOT_FOUND,
      message: 'This project has no logged call with the id 7',
    });
  });

  it(`admits ${MAX_LIVE_STREAMS} live views an account, and one more once one closes`, async () => {
    const { inspector, steps } = service();
    const views = [];
    for (let n = 0; n < MAX_LIVE_STREAMS; n++) views.push(await inspector.openLive(ann, log));
    await expect(inspector.openLive(ann, log)).rejects.toMatchObject({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      headers: { 'Retry-After': '10' },
    });
    views[0]?.watch({ entry: () => {}, unshown: () => {} });
    views[0]?.close();
    expect(steps).toEqual([`watch ${PROJECT}`, `stop ${PROJECT}`]);
    await expect(inspector.openLive(ann, log)).resolves.toBeDefined();
  });
});

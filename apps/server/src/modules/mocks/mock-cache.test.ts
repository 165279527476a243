import {
  compileSample,
  compileTemplate,
  getSampleApi,
  type SampleCode,
  sampleTemplateText,
} from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { createMockCache, type MockApi, toMockApi } from './mock-cache.ts';
import type { MockApiRecord } from './mocks.service.ts';

/** A stored GET API with this template text, official or a user's. */
function record(requestId: string, template: string, isOfficial: boolean): MockApiRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    requestId,
    method: 'GET',
    customEndpoint: null,
    delay: 0,
    authToken: null,
    httpCode: 200,
    customHeaders: [],
    template,
    isOfficial,
    disabled: false,
    ownerBanned: false,
  };
}

const CODES: SampleCode[] = ['weather', 'banking', 'analytics', 'social'];

describe('toMockApi', () => {
  it('serves an official sample API with its story, as core compiles the sample', () => {
    for (const code of CODES) {
      const api = toMockApi(record(code, sampleTemplateText(getSampleApi(code)), true));
      expect(api?.staticBody).toBeNull();
      for (const seed of ['1', '2', 'x']) {
        expect(api?.compiled.generate({ seed }), `${code} ${seed}`).toEqual(
          compileSample(code).generate({ seed }),
        );
      }
    }
  });

  it("serves a user's copy of a sample template as written, without the story", () => {
    const text = sampleTemplateText(getSampleApi('social'));
    const plain = compileTemplate(JSON.parse(text));
    if (!plain.ok) throw new Error('the social template is invalid');
    for (const [requestId, isOfficial] of [
      ['k3j9x0abcd12efgh', false],
      ['social', false],
      ['k3j9x0abcd12efgh', true],
    ] as const) {
      const api = toMockApi(record(requestId, text, isOfficial));
      expect(api?.compiled.generate({ seed: '5' })).toEqual(plain.value.generate({ seed: '5' }));
    }
  });
});

describe('createMockCache: a change', () => {
  /** A database of one row per request id whose reads the test completes by hand. */
  function slowDatabase() {
    const rows = new Map<string, string>();
    const reads: { requestId: string; finish(): void; fail(): void }[] = [];
    const load = (requestId: string) =>
      new Promise<MockApi | null>((resolve, reject) => {
        const text = rows.get(requestId);
        reads.push({
          requestId,
          finish: () =>
            resolve(text === undefined ? null : toMockApi(record(requestId, text, false))),
          fail: () => reject(new Error('the database is away')),
        });
      });
    return { rows, reads, load };
  }
  /** A cache over `db` that holds request id 'api' with this template, read once. */
  async function cachedCopy(db: ReturnType<typeof slowDatabase>, text: string) {
    const cache = createMockCache(db.load);
    db.rows.set('api', text);
    const first = cache.get('api');
    db.reads[0]!.finish();
    expect(await first).not.toBeNull();
    return cache;
  }
  const bodyOf = (api: MockApi | null | Promise<MockApi | null>) => {
    if (api instanceof Promise) throw new Error('a call waited on the database');
    return api?.compiled.generate();
  };

  it('keeps answering from the old copy while the new one is read, then answers the new one', async () => {
    const db = slowDatabase();
    const cache = await cachedCopy(db, '{"v": 1}');

    db.rows.set('api', '{"v": 2}');
    const changed = cache.invalidate('api');
    // Calls during the read neither wait nor read again.
    expect(bodyOf(cache.get('api'))).toEqual({ v: 1 });
    expect(db.reads).toHaveLength(2);
    let settled = false;
    void changed.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);

    db.reads[1]!.finish();
    await changed;
    expect(bodyOf(cache.get('api'))).toEqual({ v: 2 });

    // A delete reads null: the next call is a 404 at once.
    db.rows.delete('api');
    const deleted = cache.invalidate('api');
    db.reads[2]!.finish();
    await deleted;
    expect(cache.get('api')).toBeNull();
  });

  it('keeps the newest of two overlapping reads, and drops the copy when the read fails', async () => {
    const db = slowDatabase();
    const cache = await cachedCopy(db, '{"v": 1}');

    db.rows.set('api', '{"v": 2}');
    const older = cache.invalidate('api');
    db.rows.set('api', '{"v": 3}');
    const newer = cache.invalidate('api');
    db.reads[2]!.finish();
    await newer;
    db.reads[1]!.finish(); // the older read (v 2) ends last: not kept
    await older;
    expect(bodyOf(cache.get('api'))).toEqual({ v: 3 });

    const failed = cache.invalidate('api');
    db.reads[3]!.fail();
    await failed;
    const again = cache.get('api');
    expect(again).toBeInstanceOf(Promise);
    db.reads[4]!.finish();
    expect((await again)?.compiled.generate()).toEqual({ v: 3 });
  });

  it('serves the change once its first read is in, when the same change is heard again meanwhile', async () => {
    const db = slowDatabase();
    const cache = await cachedCopy(db, '{"v": 1}');

    db.rows.set('api', '{"v": 2}');
    // The change announced here, then heard again through Redis before its read is in.
    const announced = cache.invalidate('api');
    const heardAgain = cache.invalidate('api');
    db.reads[1]!.finish();
    await announced;
    // The node that made the change answers its client now: the next call gets the change.
    expect(bodyOf(cache.get('api'))).toEqual({ v: 2 });
    db.reads[2]!.finish();
    await heardAgain;
    expect(bodyOf(cache.get('api'))).toEqual({ v: 2 });
  });

  it('does not keep a first read that began before the change', async () => {
    const db = slowDatabase();
    const cache = createMockCache(db.load);
    db.rows.set('api', '{"v": 1}');
    const before = cache.get('api');
    db.rows.set('api', '{"v": 2}');
    await cache.invalidate('api');
    db.reads[0]!.finish();
    await before;
    const after = cache.get('api');
    expect(after).toBeInstanceOf(Promise);
    db.reads[1]!.finish();
    expect((await after)?.compiled.generate()).toEqual({ v: 2 });
  });
});

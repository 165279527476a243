/**
 * The reads of one collection in one session share their version queries, and never one that
 * started before them: a read sees every write committed before it arrived. Over a store whose
 * queries the test answers one by one.
 */
import type { CollectionCall, CollectionDefinition } from '@mocksmith/core/collections';
import { describe, expect, it } from 'vitest';
import { createCollectionOperations } from './operations.ts';
import type { CollectionStore } from './store.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const collection: CollectionDefinition = {
  id: 'c1',
  name: 'users',
  path: '/users',
  template: { id: 'number', name: 'string.name.fullname' },
  count: 3,
  unknownFields: 'refuse',
  cascade: false,
  seedVersion: 0,
  version: 1,
};

const call = (): CollectionCall => ({
  project: { id: 'p1', ownerId: 'o1', seed: 7, collections: [collection] },
  collection,
  recordId: null,
  method: 'GET',
  query: {},
  body: null,
  bodyProblem: null,
  contentType: undefined,
  session: '',
  listUrl: 'http://mocks.test/p/shop/users',
});

describe('the version queries of reads', () => {
  it('shares a query among the reads that came while one was on its way, and starts it after', async () => {
    const queries: ReturnType<typeof deferred<number | null>>[] = [];
    const store = {
      stateVersion: () => {
        const query = deferred<number | null>();
        queries.push(query);
        return query.promise;
      },
      touchSession: async () => new Date(),
      trimSessions: async () => 0,
      releaseUsage: async () => {},
    } as unknown as CollectionStore;
    const state = createCollectionOperations({
      store,
      maxResponseBytes: 1_000_000,
      maxOwnerBytes: 1_000_000,
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

    const first = state.answer(call());
    await settle();
    expect(queries).toHaveLength(1);
    // Two reads while the first query is on its way: they wait for the next one, together.
    const second = state.answer(call());
    const third = state.answer(call());
    await settle();
    expect(queries).toHaveLength(1);
    queries[0]?.resolve(null);
    expect((await first).status).toBe(200);
    await settle();
    expect(queries).toHaveLength(2);
    // One more while the second is on its way: a third query, after it.
    const fourth = state.answer(call());
    await settle();
    expect(queries).toHaveLength(2);
    queries[1]?.resolve(null);
    expect((await second).status).toBe(200);
    expect((await third).status).toBe(200);
    await settle();
    expect(queries).toHaveLength(3);
    queries[2]?.resolve(null);
    expect((await fourth).status).toBe(200);
    // Nothing on its way: the next read starts its own query at once.
    const fifth = state.answer(call());
    await settle();
    expect(queries).toHaveLength(4);
    queries[3]?.resolve(null);
    expect(JSON.parse((await fifth).payload as string)).toHaveLength(3);
  });
});

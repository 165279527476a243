import { describe, expect, it } from 'vitest';
import { createMemoryCollectionStore } from './memory-store.ts';

const key = { collectionId: 'c1', projectId: 'p1', session: 's1', madeBy: 'anonymous' as const };

describe('the collection state store in memory', () => {
  it('makes a transaction’s changes when it ends well, and none of them when it throws', async () => {
    const store = createMemoryCollectionStore();
    await expect(
      store.transaction(async (tx) => {
        await tx.lockState(key, { nextId: 4, count: 3 });
        await tx.writeRecord('c1', 's1', '4', { id: 4 }, true);
        await tx.addUsage('o1', 80, 80);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.stateVersion('c1', 's1')).toBeNull();
    expect(await store.listSessions('p1')).toEqual([]);

    const made = await store.transaction(async (tx) => {
      const state = await tx.lockState(key, { nextId: 4, count: 3 });
      await tx.writeRecord('c1', 's1', '4', { id: 4 }, true);
      // Its own writes, seen inside; none outside until it ends.
      expect(await tx.changedRecord('c1', 's1', '4')).toEqual({
        data: { id: 4 },
        bytes: 8,
        anonymous: true,
      });
      expect(await store.changedRecords('c1', 's1')).toEqual({ version: null, records: [] });
      await tx.saveState('c1', 's1', { ...state, count: 4, nextId: 5, bytes: 72, changed: 1 });
      return state;
    });
    expect(made.sessionCreated).toBe(true);
    const changed = await store.changedRecords('c1', 's1');
    expect(changed.version).toBeGreaterThan(made.version);
    expect(changed.records).toEqual([
      { recordId: '4', data: { id: 4 }, bytes: 8, position: expect.any(Number) },
    ]);
  });

  it('lets a reset wait for the write holding its state, then empties it', async () => {
    const store = createMemoryCollectionStore();
    let release!: () => void;
    const holding = new Promise<void>((done) => {
      release = done;
    });
    const write = store.transaction(async (tx) => {
      const state = await tx.lockState(key, { nextId: 1, count: 0 });
      await tx.writeRecord('c1', 's1', '1', { id: 1 }, false);
      await tx.saveState('c1', 's1', { ...state, count: 1, bytes: 70, changed: 1 });
      await holding;
    });
    const reset = store.clearSessionState('p1', 's1');
    release();
    await write;
    expect(await reset).toEqual({ bytes: 70, anonymousBytes: 0 });
    expect(await store.stateVersion('c1', 's1')).toBeNull();
  });

  it('keeps the most recently used sessions of one maker, never the shared state', async () => {
    let now = 1_000;
    const store = createMemoryCollectionStore({ now: () => now });
    for (const name of ['', 'a', 'b', 'c']) {
      now += 10;
      await store.touchSession('p1', name, 'anonymous');
    }
    await store.touchSession('p1', 'mine', 'owner');
    expect(await store.trimSessions('p1', 2, 'anonymous')).toEqual({ bytes: 0, anonymousBytes: 0 });
    expect((await store.listSessions('p1')).map((s) => s.name).sort()).toEqual([
      '',
      'b',
      'c',
      'mine',
    ]);
    now += 10;
    expect(await store.touchSession('p1', 'b', 'owner')).toEqual(new Date(1_030));
    expect((await store.listSessions('p1')).map((s) => [s.name, s.madeBy])[0]).toEqual([
      'b',
      'owner',
    ]);
    expect(await store.useSession('p1', 'gone', 'anonymous')).toBeNull();
    expect((await store.listSessions('p1')).some((s) => s.name === 'gone')).toBe(false);
  });
});

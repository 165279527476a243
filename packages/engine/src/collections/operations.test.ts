/**
 * The collections' operations on the in-memory store, as the command-line runner will run them:
 * a list with its query, POST, PATCH, PUT, DELETE (and its cascade), a nested list, sessions
 * apart from each other, reset, the store's sessions, and the refusals. No database.
 */
import { AppError, ErrorCode, type JsonObject } from '@mocksmith/core';
import type {
  CollectionCall,
  CollectionCaller,
  CollectionDefinition,
  CollectionProject,
} from '@mocksmith/core/collections';
import { describe, expect, it } from 'vitest';
import type { CollectionAnswer } from './answer.ts';
import { createMemoryCollectionStore } from './memory-store.ts';
import { createCollectionOperations } from './operations.ts';

const users: CollectionDefinition = {
  id: 'c-users',
  name: 'users',
  path: '/users',
  template: { id: 'number', name: 'string.name.fullname', active: 'boolean' },
  count: 5,
  unknownFields: 'refuse',
  cascade: true,
  seedVersion: 0,
  version: 1,
};
const orders: CollectionDefinition = {
  id: 'c-orders',
  name: 'orders',
  path: '/orders',
  template: { id: 'number', userId: 'ref:users.id', total: 'number' },
  count: 20,
  unknownFields: 'refuse',
  cascade: false,
  seedVersion: 0,
  version: 1,
};
const project: CollectionProject = {
  id: 'p1',
  ownerId: 'o1',
  seed: 7,
  collections: [users, orders],
};
const owner: CollectionCaller = { owner: true, address: '' };

interface Sent {
  method?: string;
  recordId?: string | null;
  query?: Record<string, string>;
  body?: unknown;
  session?: string;
  collection?: CollectionDefinition;
  caller?: CollectionCaller;
  parent?: CollectionCall['parent'];
}

const callOf = ({
  method = 'GET',
  recordId = null,
  query = {},
  body = null,
  session = '',
  collection = users,
  caller = owner,
  parent = null,
}: Sent): CollectionCall => ({
  project,
  collection,
  recordId,
  method,
  query,
  body,
  bodyProblem: null,
  contentType: 'application/json',
  session,
  listUrl: `http://mocks.test/p/shop${collection.path}`,
  caller,
  parent,
});

const json = (answer: CollectionAnswer) => JSON.parse(String(answer.payload));
const header = (answer: CollectionAnswer, name: string) =>
  answer.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
/** The code of the refusal a call ends in. */
const refusedWith = (answer: Promise<unknown>) =>
  answer.then(
    () => 'answered',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

const operationsOn = (
  options: {
    maxOwnerBytes?: number;
    maxAnonymousBytes?: number;
    alone?: boolean;
    now?: () => number;
  } = {},
) => {
  const store = createMemoryCollectionStore({ now: options.now });
  const operations = createCollectionOperations({
    store,
    maxResponseBytes: 1_000_000,
    maxOwnerBytes: options.maxOwnerBytes ?? 1_000_000,
    maxAnonymousBytes: options.maxAnonymousBytes,
    alone: options.alone,
    now: options.now,
  });
  const send = (sent: Sent) => operations.answer(callOf(sent));
  return { store, operations, send };
};

describe.each([
  ['shared with other hosts', false],
  ['alone (the runner: no version read while it writes nothing)', true],
])('the collections on the memory store, %s', (_, alone) => {
  it('lists the seeded records with a query, writes, deletes with the cascade, and resets', async () => {
    const { operations, send } = operationsOn({ alone });
    const seeded = await send({});
    expect(seeded.status).toBe(200);
    expect(json(seeded).map((r: JsonObject) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(header(seeded, 'X-Total-Count')).toBe('5');

    const added = await send({ method: 'POST', body: { name: 'Ada Lovelace', active: true } });
    expect(added.status).toBe(201);
    expect(json(added)).toEqual({ id: 6, name: 'Ada Lovelace', active: true });
    expect(header(added, 'Location')).toBe('http://mocks.test/p/shop/users/6');

    const found = await send({ query: { name: 'Ada Lovelace' } });
    expect(json(found)).toEqual([{ id: 6, name: 'Ada Lovelace', active: true }]);
    const page = await send({ query: { _sort: 'id', _order: 'desc', _limit: '2' } });
    expect(json(page).map((r: JsonObject) => r.id)).toEqual([6, 5]);
    expect(header(page, 'X-Total-Count')).toBe('6');

    const patched = await send({ method: 'PATCH', recordId: '6', body: { active: false } });
    expect(json(patched)).toEqual({ id: 6, name: 'Ada Lovelace', active: false });
    const put = await send({ method: 'PUT', recordId: '6', body: { name: 'Grace', active: true } });
    expect(json(put)).toEqual({ id: 6, name: 'Grace', active: true });
    expect(json(await send({ recordId: '6' }))).toEqual({ id: 6, name: 'Grace', active: true });

    const ordersOfOne = json(await send({ collection: orders, query: { userId: '1' } }));
    const allOrders = json(await send({ collection: orders }));
    const deleted = await send({ method: 'DELETE', recordId: '1' });
    expect(deleted.status).toBe(204);
    expect(deleted.payload).toBeUndefined();
    expect(await refusedWith(send({ recordId: '1' }))).toBe(ErrorCode.RECORD_NOT_FOUND);
    // The cascade: user 1's orders went with it, and no other.
    const left = json(await send({ collection: orders }));
    expect(left).toHaveLength(allOrders.length - ordersOfOne.length);
    expect(left.some((order: JsonObject) => order.userId === 1)).toBe(false);

    await operations.reset(project, '');
    expect(json(await send({})).map((r: JsonObject) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(json(await send({ collection: orders }))).toEqual(allOrders);
  });

  it('keeps each session to itself, lists them with their changes, and deletes one', async () => {
    const { store, operations, send } = operationsOn({ alone });
    await send({ method: 'POST', session: 'alice', body: { name: 'Alice', active: true } });
    await send({ method: 'PATCH', session: 'alice', recordId: '2', body: { name: 'Al' } });
    await send({ method: 'PATCH', session: 'bob', recordId: '3', body: { active: true } });
    const alices = json(await send({ session: 'alice' }));
    expect(alices.map((r: JsonObject) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(alices[1].name).toBe('Al');
    expect(json(await send({ session: 'bob' }))).toHaveLength(5);
    expect(json(await send({})).map((r: JsonObject) => r.id)).toEqual([1, 2, 3, 4, 5]);

    const listed = await operations.sessions(project);
    expect(listed.sharedChanged).toBe(0);
    expect(Object.fromEntries(listed.sessions.map((s) => [s.name, s.changed]))).toEqual({
      alice: 2,
      bob: 1,
    });
    expect(listed.sessions.find((s) => s.name === 'alice')?.madeBy).toBe('owner');

    const usedBefore = await store.transaction((tx) => tx.addUsage(project.ownerId, 0, 0));
    expect(await operations.deleteSession(project, 'alice')).toBe(true);
    expect(await operations.deleteSession(project, 'alice')).toBe(false);
    expect(await operations.deleteSession(project, '')).toBe(false);
    const usedAfter = await store.transaction((tx) => tx.addUsage(project.ownerId, 0, 0));
    expect(usedAfter.bytes).toBeLessThan(usedBefore.bytes);
    // Its next call starts it again from the seeded state.
    expect(json(await send({ session: 'alice' }))).toHaveLength(5);
    expect(json(await send({ session: 'bob', recordId: '3' })).active).toBe(true);

    // A reseed (or a change of ids) clears the collection in every session, and frees its bytes.
    await operations.clearCollection(project, users.id);
    expect(json(await send({ session: 'bob', recordId: '3' }))).toEqual(
      json(await send({ recordId: '3' })),
    );
    expect((await store.transaction((tx) => tx.addUsage(project.ownerId, 0, 0))).bytes).toBe(0);
  });

  it('answers a nested list and adds to it with the parent’s id set', async () => {
    const { send } = operationsOn({ alone });
    const parent = {
      collection: users,
      id: '2',
      reference: { field: 'userId', targetField: 'id' },
    };
    const before = json(await send({ collection: orders, parent }));
    expect(before.every((order: JsonObject) => order.userId === 2)).toBe(true);
    const added = await send({ collection: orders, parent, method: 'POST', body: { total: 12 } });
    expect(added.status).toBe(201);
    expect(json(added)).toMatchObject({ userId: 2, total: 12 });
    expect(json(await send({ collection: orders, parent }))).toHaveLength(before.length + 1);
    const missing = { ...parent, id: '99' };
    expect(await refusedWith(send({ collection: orders, parent: missing }))).toBe(
      ErrorCode.RECORD_NOT_FOUND,
    );
  });

  it('empties a session unused past its hours at its next call, and pushes out the least recently used', async () => {
    let now = Date.UTC(2026, 10, 29);
    const { operations, send } = operationsOn({ alone, now: () => now });
    await send({ method: 'POST', session: 'old', body: { name: 'Kept a day', active: true } });
    expect(json(await send({ session: 'old' }))).toHaveLength(6);
    now += 25 * 3_600_000;
    expect(json(await send({ session: 'old' }))).toHaveLength(5);
    expect((await operations.sessions(project)).sessions.map((s) => s.name)).toEqual(['old']);
  });
});

describe('the collections’ refusals on the memory store', () => {
  it('refuses what cannot be a record or an id, and changes nothing', async () => {
    const { send } = operationsOn();
    expect(await refusedWith(send({ recordId: 'abc' }))).toBe(ErrorCode.RECORD_NOT_FOUND);
    expect(await refusedWith(send({ method: 'POST', body: { id: 'abc', name: 'x' } }))).toBe(
      ErrorCode.INVALID_ID,
    );
    expect(
      await refusedWith(send({ method: 'POST', body: { id: 3, name: 'x', active: true } })),
    ).toBe(ErrorCode.RECORD_EXISTS);
    expect(await refusedWith(send({ method: 'POST', body: { name: 12 } }))).toBe(
      ErrorCode.RECORD_INVALID,
    );
    expect(
      await refusedWith(send({ method: 'PATCH', recordId: '4', body: { id: 5, name: 'x' } })),
    ).toBe(ErrorCode.INVALID_ID);
    expect(await refusedWith(send({ method: 'PATCH', recordId: '40', body: {} }))).toBe(
      ErrorCode.RECORD_NOT_FOUND,
    );
    expect(await refusedWith(send({ query: { _expand: 'nothing' } }))).toBe(ErrorCode.BAD_REQUEST);
    expect(json(await send({})).map((r: JsonObject) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a write past the account’s bytes and keeps nothing of it, but always deletes', async () => {
    const { send } = operationsOn({ maxOwnerBytes: 250 });
    const name = 'x'.repeat(60);
    await send({ method: 'POST', body: { name, active: true } });
    expect(await refusedWith(send({ method: 'POST', body: { name, active: true } }))).toBe(
      ErrorCode.STATE_LIMIT_REACHED,
    );
    expect(json(await send({}))).toHaveLength(6);
    // A delete makes room; one of a seeded record (whose row costs a little) is never refused.
    expect((await send({ method: 'DELETE', recordId: '6' })).status).toBe(204);
    expect((await send({ method: 'DELETE', collection: orders, recordId: '1' })).status).toBe(204);
    expect((await send({ method: 'POST', body: { name, active: true } })).status).toBe(201);
  });

  it('keeps anonymous callers within their share of the account’s bytes', async () => {
    const { send } = operationsOn({ maxOwnerBytes: 1_000, maxAnonymousBytes: 150 });
    const anyone: CollectionCaller = { owner: false, address: '10.0.0.1' };
    const name = 'y'.repeat(40);
    expect(
      (await send({ method: 'POST', caller: anyone, body: { name, active: true } })).status,
    ).toBe(201);
    expect(
      await refusedWith(send({ method: 'POST', caller: anyone, body: { name, active: true } })),
    ).toBe(ErrorCode.STATE_LIMIT_REACHED);
    // The owner writes on.
    expect((await send({ method: 'POST', body: { name, active: true } })).status).toBe(201);
  });

  it('numbers concurrent POSTs once each', async () => {
    const { send } = operationsOn();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send({ method: 'POST', body: { name: `n${i}`, active: false } }),
      ),
    );
    const ids = answers.map((answer) => json(answer).id as number).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 6));
  });
});

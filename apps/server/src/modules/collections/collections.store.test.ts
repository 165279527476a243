/**
 * The engine's collection state store on PostgreSQL (this repository) and in memory answer the
 * same: one script of calls (a list with its query, POST, PATCH, PUT, DELETE with its cascade,
 * a nested list, a session, refusals, reset, the sessions' list and deletion) run through the
 * engine's operations on each store gives the same statuses, headers, bodies and refusals.
 */
import type { CollectionCall, CollectionDefinition } from '@mocksmith/core/collections';
import {
  type CollectionAnswer,
  type CollectionOperations,
  createCollectionOperations,
  createMemoryCollectionStore,
} from '@mocksmith/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProject } from '../../../test/collections.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { users as userRows } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import { createCollectionsRepository } from './collections.repository.ts';

let t: TestApp;
let project: CollectionCall['project'];
let users: CollectionDefinition;
let orders: CollectionDefinition;

const definitionOf = (row: Awaited<ReturnType<typeof insertCollection>>): CollectionDefinition => ({
  id: row.id,
  name: row.name,
  path: row.path,
  template: row.template as CollectionDefinition['template'],
  count: row.count,
  unknownFields: row.unknownFields,
  cascade: row.cascade,
  seedVersion: row.seedVersion,
  version: row.version,
});

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const ownerId = `store-${newRequestId()}`;
  await db
    .insert(userRows)
    .values({ id: ownerId, name: 'store', email: `${ownerId}@example.com`, emailVerified: true });
  const row = await insertProject(db, ownerId, { name: 'Stores', slug: 'stores', seed: 5 });
  users = definitionOf(
    await insertCollection(db, row.id, {
      name: 'users',
      template: { id: 'number', name: 'string.name.fullname', active: 'boolean' },
      count: 8,
      cascade: true,
    }),
  );
  orders = definitionOf(
    await insertCollection(db, row.id, {
      name: 'orders',
      template: { id: 'number', userId: 'ref:users.id', total: 'number' },
      count: 40,
    }),
  );
  project = { id: row.id, ownerId, seed: 5, collections: [users, orders] };
});
afterAll(async () => {
  await t?.close();
});

/** What a call came to: its answer, or its refusal's code and message. */
const outcome = (answer: Promise<CollectionAnswer>) =>
  answer.then(
    ({ status, headers, payload }) => ({ status, headers, payload: payload?.toString() }),
    (error: unknown) =>
      error instanceof AppError
        ? { refused: error.code, message: error.message }
        : { failed: String(error) },
  );

async function script(operations: CollectionOperations) {
  const listUrl = (collection: CollectionDefinition) =>
    `http://mocks.test/p/stores${collection.path}`;
  const call = (sent: Partial<CollectionCall>): CollectionCall => ({
    project,
    collection: users,
    recordId: null,
    method: 'GET',
    query: {},
    body: null,
    bodyProblem: null,
    contentType: 'application/json',
    session: '',
    listUrl: listUrl(sent.collection ?? users),
    caller: { owner: false, address: '10.0.0.1' },
    ...sent,
  });
  const send = (sent: Partial<CollectionCall>) => outcome(operations.answer(call(sent)));
  const parent = { collection: users, id: '2', reference: { field: 'userId', targetField: 'id' } };
  const seen: unknown[] = [];
  seen.push(await send({ query: { _sort: 'name', _limit: '3' } }));
  seen.push(await send({ method: 'POST', body: { name: 'Ada Lovelace', active: true } }));
  seen.push(await send({ method: 'PATCH', recordId: '2', body: { active: false } }));
  seen.push(await send({ method: 'PUT', recordId: '3', body: { name: 'Grace', active: true } }));
  seen.push(await send({ collection: orders, query: { userId: '1' } }));
  seen.push(await send({ method: 'DELETE', recordId: '1' }));
  seen.push(await send({ collection: orders }));
  seen.push(await send({ collection: orders, parent }));
  seen.push(await send({ collection: orders, parent, method: 'POST', body: { total: 12 } }));
  seen.push(
    await send({ collection: orders, query: { _expand: 'user', _page: '2', _limit: '5' } }),
  );
  seen.push(await send({ query: { _embed: 'orders' } }));
  seen.push(await send({ method: 'POST', body: { id: 3, name: 'Taken', active: true } }));
  seen.push(await send({ method: 'POST', body: { name: 12 } }));
  seen.push(await send({ recordId: 'abc' }));
  seen.push(await send({ recordId: '1' }));
  seen.push(await send({ method: 'POST', session: 's1', body: { name: 'In s1', active: true } }));
  seen.push(await send({ session: 's1' }));
  seen.push(await send({}));
  const listed = await operations.sessions(project);
  seen.push({
    sharedChanged: listed.sharedChanged,
    sessions: listed.sessions.map(({ name, changed, madeBy }) => ({ name, changed, madeBy })),
  });
  await operations.reset(project, '');
  seen.push(await send({}));
  seen.push(await send({ collection: orders }));
  seen.push(await operations.deleteSession(project, 's1'));
  seen.push(await operations.deleteSession(project, 's1'));
  seen.push((await operations.sessions(project)).sessions.map((s) => s.name));
  return seen;
}

describe('the collection state stores', () => {
  it('answer one script the same on PostgreSQL and in memory', async () => {
    const options = { maxResponseBytes: 1_000_000, maxOwnerBytes: 1_000_000 };
    const onPostgres = await script(
      createCollectionOperations({
        ...options,
        store: createCollectionsRepository(t.database.db),
      }),
    );
    const inMemory = await script(
      createCollectionOperations({ ...options, store: createMemoryCollectionStore() }),
    );
    expect(onPostgres.some((seen) => JSON.stringify(seen).includes('"failed"'))).toBe(false);
    expect(inMemory).toEqual(onPostgres);
    // What the script came to, call by call.
    const shown = onPostgres.map((seen) => {
      const { status, refused } = seen as { status?: number; refused?: string };
      return status ?? refused ?? seen;
    });
    expect(shown).toEqual([
      200,
      201,
      200,
      200,
      200,
      204,
      200,
      200,
      201,
      200,
      200,
      'RECORD_EXISTS',
      'RECORD_INVALID',
      'RECORD_NOT_FOUND',
      'RECORD_NOT_FOUND',
      201,
      200,
      200,
      { sharedChanged: 11, sessions: [{ name: 's1', changed: 1, madeBy: 'anonymous' }] },
      200,
      200,
      true,
      false,
      [],
    ]);
  });
});

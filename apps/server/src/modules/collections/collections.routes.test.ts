/**
 * The collections' management API end to end over HTTP, with real accounts and the real
 * database: create, list, change, reseed and delete a collection (checked at its public URL),
 * the refusals (409 taken or clashing with a route, 400 naming the problem, 404 another's
 * project, 401 signed out), and the sessions: their list, reset and delete.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@mocksmith/core';
import {
  type Collection,
  collectionListSchema,
  collectionSchema,
  type ProjectSessionList,
  projectSessionListSchema,
} from '@mocksmith/core/collections';
import type { Project } from '@mocksmith/core/projects';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { collectionCalls } from '../../../test/collections.ts';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';
import { projectCalls, responseBody, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { stateUsage } from '../../db/schema/collections.ts';

let t: TestApp;
let sink: SmtpSink;
let projects: ReturnType<typeof projectCalls>;
let calls: ReturnType<typeof collectionCalls>;

interface Account {
  cookie: string;
  userId: string;
}
let ann: Account;
let bob: Account;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  projects = projectCalls(t.app);
  calls = collectionCalls(t.app);
  const steps = accountSteps(t.app, sink);
  const signUp = async (email: string): Promise<Account> => {
    const { cookie, user } = await steps.signUp(email);
    return { cookie, userId: user.userId };
  };
  ann = await signUp('ann@example.test');
  bob = await signUp('bob@example.test');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const USER_TEMPLATE = { id: 'number', name: 'string.name.fullname', email: 'email' };

let counter = 0;
/** A project of the account (201 expected). */
async function projectOf(account: Account): Promise<Project> {
  const res = await projects.create(account.cookie, { name: `Shop ${++counter}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A collection of the project (201 expected). */
async function created(
  account: Account,
  project: Project,
  body: Record<string, unknown> = {},
): Promise<Collection> {
  const res = await calls.create(account.cookie, project.id, {
    name: 'users',
    template: USER_TEMPLATE,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A call to a collection's public URL (or under it). */
const callUrl = (
  url: string,
  method = 'GET',
  extra: { session?: string; payload?: unknown } = {},
) =>
  t.app.inject({
    method: method as 'GET',
    url: pathOf(url),
    headers: extra.session ? { 'x-mock-session': extra.session } : {},
    ...(extra.payload === undefined ? {} : { payload: extra.payload as never }),
  });

/** The records at a collection's URL (200 expected). */
async function recordsAt(url: string, session?: string): Promise<Record<string, unknown>[]> {
  const res = await callUrl(url, 'GET', { session });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function sessionsOf(account: Account, project: Project): Promise<ProjectSessionList> {
  const res = await calls.sessions(account.cookie, project.id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const list = res.json();
  expect(projectSessionListSchema.parse(list)).toEqual(list);
  return list;
}

/** The bytes of written records the account is charged for. */
async function usageOf(account: Account): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(stateUsage)
    .where(eq(stateUsage.ownerId, account.userId));
  return row?.bytes ?? 0;
}

const person = { name: 'Ada Lovelace', email: 'ada@example.com' };

describe('POST /backend/projects/{id}/collections', () => {
  it('creates a collection at /{name} with 20 records, answering at its URL', async () => {
    const project = await projectOf(ann);
    const res = await calls.create(ann.cookie, project.id, {
      name: 'users',
      template: USER_TEMPLATE,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(collectionSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'users',
      path: '/users',
      url: `${project.baseUrl}/users`,
      template: USER_TEMPLATE,
      count: 20,
      idKind: 'int',
      unknownFields: 'refuse',
      cascade: false,
      authToken: null,
      references: [],
      seedVersion: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: body.createdAt,
    });
    const list = await callUrl(body.url);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('20');
    expect((list.json() as { id: number }[]).map((record) => record.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await callUrl(`${body.url}/20`)).statusCode).toBe(200);
    expect((await callUrl(`${body.url}/21`)).statusCode).toBe(404);
  });

  it('takes a path, a count, uuid ids and its settings', async () => {
    const project = await projectOf(ann);
    const orders = await created(ann, project, {
      name: 'orders',
      path: '/api/v1/orders',
      template: { id: 'uuid', total: 'number.money.price' },
      count: 3,
      unknownFields: 'keep',
      cascade: true,
    });
    expect(orders).toMatchObject({
      path: '/api/v1/orders',
      url: `${project.baseUrl}/api/v1/orders`,
      count: 3,
      idKind: 'uuid',
      unknownFields: 'keep',
      cascade: true,
    });
    const records = await recordsAt(orders.url);
    expect(records).toHaveLength(3);
    for (const record of records) expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await callUrl(orders.url, 'POST', { payload: { total: 1, note: 'extra' } });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().note).toBe('extra');
    const empty = await created(ann, project, { name: 'empty', count: 0 });
    expect(await recordsAt(empty.url)).toEqual([]);
  });

  it('says how deleting a referenced record behaves, and that cascade is set on the referenced one', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const orders = await created(ann, project, {
      name: 'orders',
      template: { id: 'uuid', userId: 'ref:users.id', total: 'number' },
    });
    const dangling = {
      from: 'orders',
      field: 'userId',
      to: 'users',
      cascade: false,
      note: 'Deleting a record of users leaves the records of orders whose userId names it, naming a record that is gone: turn on Cascade deletes on users to delete them with it.',
    };
    expect(orders.references).toEqual([dangling]);
    // Turned on where it acts, on users: both sides say so.
    const changed = await calls.update(ann.cookie, project.id, users.id, { cascade: true });
    expect(changed.statusCode, changed.body).toBe(200);
    const cascading = {
      ...dangling,
      cascade: true,
      note: 'Deleting a record of users deletes the records of orders whose userId names it, in the same session (Cascade deletes is on for users).',
    };
    expect(changed.json().references).toEqual([cascading]);
    const listed = await calls.list(ann.cookie, project.id);
    expect(
      Object.fromEntries(
        (listed.json() as { collections: Collection[] }).collections.map((c) => [
          c.name,
          c.references,
        ]),
      ),
    ).toEqual({ users: [cascading], orders: [cascading] });
  });

  it('refuses a name or a path taken (409), and a clash with a route of the project', async () => {
    const project = await projectOf(ann);
    await created(ann, project);
    const name = await calls.create(ann.cookie, project.id, {
      name: 'users',
      path: '/people',
      template: USER_TEMPLATE,
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({
      code: ErrorCode.COLLECTION_TAKEN,
      message: 'This project already has a collection named "users"',
    });
    const path = await calls.create(ann.cookie, project.id, {
      name: 'people',
      path: '/users',
      template: USER_TEMPLATE,
    });
    expect(path.statusCode).toBe(409);
    expect(path.json().message).toBe('This project already has a collection at /users');

    const route = await projects.createRoute(ann.cookie, project.id, routeBody('/accounts/{id}'));
    expect(route.statusCode, route.body).toBe(201);
    const clash = await calls.create(ann.cookie, project.id, {
      name: 'accounts',
      template: USER_TEMPLATE,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: ErrorCode.COLLECTION_TAKEN,
      message: expect.stringMatching(
        /^GET \/accounts\/\{id\} is a route of this project \(".+"\): a collection at \/accounts answers it; move or delete the route first$/,
      ),
    });
    const list = await projects.createRoute(
      ann.cookie,
      project.id,
      routeBody('/members', { method: 'POST', responses: [responseBody()] }),
    );
    expect(list.statusCode, list.body).toBe(201);
    const listClash = await calls.create(ann.cookie, project.id, {
      name: 'members',
      template: USER_TEMPLATE,
    });
    expect(listClash.statusCode).toBe(409);
    expect(listClash.json().message).toMatch(/^POST \/members is a route of this project/);
    // A route elsewhere is no clash; nothing was stored by the refusals.
    const other = await created(ann, project, { name: 'accounts', path: '/people' });
    expect(other.path).toBe('/people');
    const names = ((await calls.list(ann.cookie, project.id)).json().collections as Collection[])
      .map((collection) => collection.name)
      .sort();
    expect(names).toEqual(['accounts', 'users']);
    // Another project's route at the same path is no clash either (nor is Bob's).
    const elsewhere = await projectOf(ann);
    const theirs = await projectOf(bob);
    for (const [account, other] of [
      [ann, elsewhere],
      [bob, theirs],
    ] as const) {
      const route = await projects.createRoute(account.cookie, other.id, routeBody('/staff'));
      expect(route.statusCode, route.body).toBe(201);
    }
    const same = await created(ann, project, { name: 'staff', path: '/staff' });
    expect(same.path).toBe('/staff');
  });

  const refusals: Array<[string, Record<string, unknown>, string | RegExp]> = [
    [
      'a reference of the wrong form',
      { template: { id: 'number', owner: 'ref:users' } },
      /owner: "ref:users" is not a reference: write ref:COLLECTION.FIELD/,
    ],
    [
      'a reference inside a list',
      { template: { id: 'number', owners: ['ref:users.id'] } },
      /"ref:users.id" is inside a list or a directive: a reference must be a field of its own/,
    ],
    [
      'a directive that is wrong',
      { template: { id: 'number', n: { __number: { min: 5, max: 3 } } } },
      /__number: no number lies in \[5, 3\]/,
    ],
    [
      'a template that is a list',
      { template: [{ id: 'number' }] },
      /template must be a JSON object/,
    ],
    ['a template that is text', { template: 'users' }, /template must be a JSON object/],
    ['a name that starts with a digit', { name: '1users' }, /name must be 1 to 40 characters/],
    ['a name with a space', { name: 'my users' }, /name must be 1 to 40 characters/],
    ['a name of 41 characters', { name: 'u'.repeat(41) }, /name must be 1 to 40 characters/],
    [
      'a path with a parameter',
      { path: '/users/{id}' },
      /A collection's path is one or more fixed segments, like \/users: "\/users\/\{id\}" is not/,
    ],
    ['the root path', { path: '/' }, /A collection's path is one or more fixed segments/],
    ['a tail path', { path: '/files/*' }, /A collection's path is one or more fixed segments/],
    [
      'the reset path',
      { path: '/__reset' },
      /A collection's path cannot start with __: __reset is kept for the service/,
    ],
    ['a count past 10,000', { count: 10_001 }, /count is at most 10,000/],
    ['a negative count', { count: -1 }, /count must be 0 or more/],
    ['a count that is not whole', { count: 2.5 }, /count must be a whole number/],
    ['a count that is text', { count: '20' }, /count must be a whole number/],
    ['an unknown unknownFields', { unknownFields: 'ignore' }, /unknownFields/],
  ];

  it.each(refusals)('refuses %s (400 naming it)', async (_label, changes, message) => {
    const project = await projectOf(ann);
    const res = await calls.create(ann.cookie, project.id, {
      name: 'users',
      template: USER_TEMPLATE,
      ...changes,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(res.json().message).toMatch(message);
    expect((await calls.list(ann.cookie, project.id)).json().collections).toEqual([]);
  });

  it('takes 10,000 records, the most', async () => {
    const project = await projectOf(ann);
    const full = await created(ann, project, { count: 10_000 });
    const last = await callUrl(`${full.url}?_page=100&_limit=100`);
    expect(last.headers['x-total-count']).toBe('10000');
    expect(last.json()).toHaveLength(100);
  });
});

describe('GET /backend/projects/{id}/collections', () => {
  it('lists the project’s collections by path', async () => {
    const project = await projectOf(ann);
    await created(ann, project, { name: 'zebras', path: '/a/zebras' });
    await created(ann, project, { name: 'apples', path: '/b/apples' });
    await created(ann, project, { name: 'users' });
    const res = await calls.list(ann.cookie, project.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(collectionListSchema.parse(body)).toEqual(body);
    expect((body.collections as Collection[]).map((c) => c.path)).toEqual([
      '/a/zebras',
      '/b/apples',
      '/users',
    ]);
    expect((await calls.list(ann.cookie, (await projectOf(ann)).id)).json()).toEqual({
      collections: [],
    });
  });
});

describe('PATCH /backend/projects/{id}/collections/{collectionId}', () => {
  it('changes the count, the template, the settings and the path, as the URL answers', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const before = await recordsAt(users.url);

    const fewer = await calls.update(ann.cookie, project.id, users.id, { count: 5 });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json()).toMatchObject({ count: 5, seedVersion: 0 });
    expect(await recordsAt(users.url)).toEqual(before.slice(0, 5));

    const grown = await calls.update(ann.cookie, project.id, users.id, {
      template: { ...USER_TEMPLATE, active: 'boolean' },
      unknownFields: 'keep',
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json()).toMatchObject({
      template: { ...USER_TEMPLATE, active: 'boolean' },
      unknownFields: 'keep',
    });
    const withField = await recordsAt(users.url);
    for (const [i, record] of withField.entries()) {
      expect(typeof record.active).toBe('boolean');
      const { active: _active, ...rest } = record;
      expect(rest).toEqual(before[i]);
    }
    const kept = await callUrl(users.url, 'POST', {
      payload: { ...person, active: true, nickname: 'Ada' },
    });
    expect(kept.statusCode, kept.body).toBe(201);

    const moved = await calls.update(ann.cookie, project.id, users.id, { path: '/people' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ path: '/people', url: `${project.baseUrl}/people` });
    expect((await callUrl(users.url)).statusCode).toBe(404);
    expect((await callUrl(moved.json().url)).statusCode).toBe(200);
  });

  it('refuses a bad change (400), a path taken or clashing (409), an unknown id (404)', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    await created(ann, project, { name: 'orders' });
    const route = await projects.createRoute(ann.cookie, project.id, routeBody('/routes'));
    expect(route.statusCode).toBe(201);
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ count: 10_001 }, 400, /count is at most 10,000/],
      [{ template: { id: 'number', a: 'ref:x' } }, 400, /"ref:x" is not a reference/],
      [{ path: '/users/{id}' }, 400, /A collection's path is one or more fixed segments/],
      [{ path: '/orders' }, 409, /^This project already has a collection at \/orders$/],
      [{ path: '/routes' }, 409, /^GET \/routes is a route of this project/],
    ];
    for (const [body, status, message] of cases) {
      const res = await calls.update(ann.cookie, project.id, users.id, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const unknown = await calls.update(ann.cookie, project.id, randomUUID(), { count: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.COLLECTION_NOT_FOUND);
    const notAnId = await calls.update(ann.cookie, project.id, 'users', { count: 1 });
    expect(notAnId.statusCode).toBe(404);
    expect(notAnId.json().message).toBe('This project has no collection with the id "users"');
    // Nothing changed.
    const after = (await calls.list(ann.cookie, project.id)).json().collections as Collection[];
    expect(after.find((c) => c.id === users.id)).toMatchObject({ count: 20, path: '/users' });
  });
});

describe('POST /backend/projects/{id}/collections/{collectionId}/reseed', () => {
  it('makes new records and clears every session’s changes to the collection', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const before = await recordsAt(users.url);
    expect((await callUrl(users.url, 'POST', { session: 's-1', payload: person })).statusCode).toBe(
      201,
    );
    expect((await callUrl(users.url, 'DELETE')).statusCode).toBe(405);
    expect((await callUrl(`${users.url}/1`, 'DELETE')).statusCode).toBe(204);

    const res = await calls.reseed(ann.cookie, project.id, users.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: users.id, seedVersion: 1, count: 20 });
    const after = await recordsAt(users.url);
    expect(after.map((record) => record.id)).toEqual(before.map((record) => record.id));
    expect(after.filter((record, i) => record.name === before[i]?.name).length).toBeLessThan(3);
    expect(await recordsAt(users.url, 's-1')).toEqual(after);
    const sessions = await sessionsOf(ann, project);
    expect(sessions.sharedChanged).toBe(0);
    expect(sessions.sessions.find((s) => s.name === 's-1')?.changed).toBe(0);
    const again = await calls.reseed(ann.cookie, project.id, users.id);
    expect(again.json().seedVersion).toBe(2);
  });
});

describe('DELETE /backend/projects/{id}/collections/{collectionId}', () => {
  it('deletes the collection: its URL answers 404 and a second delete 404', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const orders = await created(ann, project, { name: 'orders' });
    expect((await callUrl(users.url)).statusCode).toBe(200);
    const res = await calls.remove(ann.cookie, project.id, users.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const gone = await callUrl(users.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.ROUTE_NOT_FOUND);
    expect((await callUrl(`${users.url}/1`)).statusCode).toBe(404);
    expect((await callUrl(orders.url)).statusCode).toBe(200);
    const again = await calls.remove(ann.cookie, project.id, users.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(ErrorCode.COLLECTION_NOT_FOUND);
    const left = (await calls.list(ann.cookie, project.id)).json().collections as Collection[];
    expect(left.map((c) => c.name)).toEqual(['orders']);
    // The name and the path are free again.
    expect((await created(ann, project)).path).toBe('/users');
  });
});

describe('the sessions of a project', () => {
  it('lists each session with its changed records, and the shared state’s apart', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    expect(await sessionsOf(ann, project)).toEqual({ sessions: [], sharedChanged: 0 });

    const added = await callUrl(users.url, 'POST', { session: 'ci-1', payload: person });
    expect(added.statusCode, added.body).toBe(201);
    let list = await sessionsOf(ann, project);
    expect(list.sessions).toEqual([
      {
        name: 'ci-1',
        createdAt: expect.stringMatching(/^\d{4}-/),
        lastUsedAt: expect.stringMatching(/^\d{4}-/),
        changed: 1,
        owner: false,
      },
    ]);
    expect(list.sharedChanged).toBe(0);

    // Each record changed counts once; an added record deleted counts no more.
    await callUrl(`${users.url}/1`, 'PATCH', { session: 'ci-1', payload: { name: 'A' } });
    await callUrl(`${users.url}/1`, 'PATCH', { session: 'ci-1', payload: { name: 'B' } });
    await callUrl(`${users.url}/2`, 'DELETE', { session: 'ci-1' });
    expect((await sessionsOf(ann, project)).sessions[0]?.changed).toBe(3);
    expect((await callUrl(`${users.url}/21`, 'DELETE', { session: 'ci-1' })).statusCode).toBe(204);
    expect((await sessionsOf(ann, project)).sessions[0]?.changed).toBe(2);

    // Shared calls count apart; a session that only reads is listed, changing nothing.
    await callUrl(users.url, 'POST', { payload: person });
    await callUrl(`${users.url}/3`, 'PUT', { payload: person });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await callUrl(users.url, 'GET', { session: 'ci-2' })).statusCode).toBe(200);
    list = await sessionsOf(ann, project);
    expect(list.sharedChanged).toBe(2);
    expect(list.sessions.map((s) => [s.name, s.changed])).toEqual([
      ['ci-2', 0],
      ['ci-1', 2],
    ]);
  });

  it('resets a session, or the shared state without one', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const seeded = await recordsAt(users.url);
    await callUrl(users.url, 'POST', { session: 'ci-1', payload: person });
    await callUrl(users.url, 'POST', { session: 'ci-2', payload: person });
    await callUrl(`${users.url}/4`, 'DELETE');
    expect(await usageOf(ann)).toBeGreaterThan(0);

    const one = await calls.reset(ann.cookie, project.id, { session: 'ci-1' });
    expect(one.statusCode, one.body).toBe(204);
    expect(await recordsAt(users.url, 'ci-1')).toEqual(seeded);
    expect(await recordsAt(users.url, 'ci-2')).toHaveLength(21);
    expect((await callUrl(`${users.url}/4`)).statusCode).toBe(404);
    let list = await sessionsOf(ann, project);
    expect(Object.fromEntries(list.sessions.map((s) => [s.name, s.changed]))).toEqual({
      'ci-1': 0,
      'ci-2': 1,
    });
    expect(list.sharedChanged).toBe(1);

    const shared = await calls.reset(ann.cookie, project.id, {});
    expect(shared.statusCode, shared.body).toBe(204);
    expect(await recordsAt(users.url)).toEqual(seeded);
    expect(await recordsAt(users.url, 'ci-2')).toHaveLength(21);
    list = await sessionsOf(ann, project);
    expect(list.sharedChanged).toBe(0);

    const bad = await calls.reset(ann.cookie, project.id, { session: 'no spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/A session name is 1 to 64 letters, digits/);
  });

  it('resets the shared state on a POST without a body', async () => {
    const project = await projectOf(ann);
    const res = await calls.reset(ann.cookie, project.id);
    expect(res.statusCode, res.body).toBe(204);
  });

  it('deletes a session: gone from the list, its state gone, a second delete 404', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    await callUrl(users.url, 'POST', { session: 'ci-1', payload: person });
    await callUrl(users.url, 'POST', { session: 'ci-2', payload: person });
    const res = await calls.deleteSession(ann.cookie, project.id, 'ci-1');
    expect(res.statusCode, res.body).toBe(204);
    expect((await sessionsOf(ann, project)).sessions.map((s) => s.name)).toEqual(['ci-2']);
    const again = await calls.deleteSession(ann.cookie, project.id, 'ci-1');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: 'This project has no session named "ci-1"',
    });
    // Called again, it starts from the seeded state.
    expect(await recordsAt(users.url, 'ci-1')).toHaveLength(20);
    expect(await recordsAt(users.url, 'ci-2')).toHaveLength(21);
    expect((await calls.deleteSession(ann.cookie, project.id, 'never')).statusCode).toBe(404);
  });
});

describe('what an account’s stored state is charged', () => {
  /** Adds a record in a session; answers the bytes the account is charged after it. */
  async function writeSome(project: Project, url: string) {
    const before = await usageOf(ann);
    expect((await callUrl(url, 'POST', { session: 'w', payload: person })).statusCode).toBe(201);
    const after = await usageOf(ann);
    expect(after).toBeGreaterThan(before);
    return { before, after, project };
  }

  it('frees a session’s bytes when it is reset or deleted', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const { before } = await writeSome(project, users.url);
    await calls.reset(ann.cookie, project.id, { session: 'w' });
    expect(await usageOf(ann)).toBe(before);
    await writeSome(project, users.url);
    await calls.deleteSession(ann.cookie, project.id, 'w');
    expect(await usageOf(ann)).toBe(before);
  });

  it('frees the bytes of records a reseed, a new count or a delete drops', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    const { before } = await writeSome(project, users.url);
    await calls.reseed(ann.cookie, project.id, users.id);
    expect(await usageOf(ann)).toBe(before);
    await writeSome(project, users.url);
    await calls.update(ann.cookie, project.id, users.id, { count: 3 });
    expect(await usageOf(ann)).toBe(before);
    await writeSome(project, users.url);
    await calls.remove(ann.cookie, project.id, users.id);
    expect(await usageOf(ann)).toBe(before);
  });
});

describe('who may call the management API', () => {
  const everyCall = (cookie: string | undefined, projectId: string, collectionId: string) => [
    calls.list(cookie, projectId),
    calls.create(cookie, projectId, { name: 'mine', template: USER_TEMPLATE }),
    calls.update(cookie, projectId, collectionId, { count: 1 }),
    calls.reseed(cookie, projectId, collectionId),
    calls.remove(cookie, projectId, collectionId),
    calls.sessions(cookie, projectId),
    calls.reset(cookie, projectId, { session: 'ci-1' }),
    calls.deleteSession(cookie, projectId, 'ci-1'),
  ];

  it('answers 404 to another user for every call, as for a project that is not one', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    await callUrl(users.url, 'POST', { session: 'ci-1', payload: person });
    for (const res of await Promise.all(everyCall(bob.cookie, project.id, users.id))) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({
        code: ErrorCode.PROJECT_NOT_FOUND,
        message: `You have no project with the id "${project.id}"`,
      });
    }
    for (const res of await Promise.all(everyCall(ann.cookie, 'not-a-uuid', users.id))) {
      expect(res.statusCode, res.body).toBe(404);
    }
    // Nothing of Ann's changed.
    expect((await calls.list(ann.cookie, project.id)).json().collections).toHaveLength(1);
    expect((await sessionsOf(ann, project)).sessions.map((s) => [s.name, s.changed])).toEqual([
      ['ci-1', 1],
    ]);
    expect(await recordsAt(users.url)).toHaveLength(20);
  });

  it('answers 401 to a visitor for every call', async () => {
    const project = await projectOf(ann);
    const users = await created(ann, project);
    for (const res of await Promise.all(everyCall(undefined, project.id, users.id))) {
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await calls.list(ann.cookie, project.id)).json().collections).toHaveLength(1);
  });
});

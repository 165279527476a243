/**
 * One node alone (no Redis): a read trusts the state's version this node last read, so every
 * change made on the node must make it read again. Each change that does not go through a
 * collection's own writes (the dashboard's reset, a session deleted, a collection's count
 * changed, a reseed, `__reset`) is followed by a read that must see it.
 */
import type { Collection } from '@mocksmith/core/collections';
import type { Project } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { collectionCalls } from '../../../test/collections.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;
let cookie: string;
let project: Project;
let collection: Collection;
let calls: ReturnType<typeof collectionCalls>;

beforeAll(async () => {
  sink = await startSmtpSink();
  // No Redis: the node is alone.
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = collectionCalls(t.app);
  ({ cookie } = await accountSteps(t.app, sink).signUp('alone@example.test'));
  project = (await projectCalls(t.app).create(cookie, { name: 'Alone' })).json();
  const res = await calls.create(cookie, project.id, {
    name: 'users',
    template: { id: 'number', name: 'string.name.fullname' },
    count: 5,
  });
  expect(res.statusCode, res.body).toBe(201);
  collection = res.json();
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const headersOf = (session: string) => (session === '' ? {} : { 'x-mock-session': session });

/** The number of records a session lists (read twice: the second from what the node knows). */
async function total(session = ''): Promise<number> {
  const counts: string[] = [];
  for (let read = 0; read < 2; read++) {
    const res = await t.app.inject({
      url: `/p/${project.slug}/users`,
      headers: headersOf(session),
    });
    expect(res.statusCode, res.body).toBe(200);
    counts.push(String(res.headers['x-total-count']));
  }
  expect(counts[1]).toBe(counts[0]);
  return Number(counts[0]);
}

async function add(session = ''): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/p/${project.slug}/users`,
    headers: headersOf(session),
    payload: { name: 'Ada' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('a collection on a node alone', () => {
  it('sees its own writes at once', async () => {
    expect(await total('writes')).toBe(5);
    await add('writes');
    expect(await total('writes')).toBe(6);
    await add('writes');
    expect(await total('writes')).toBe(7);
  });

  it('sees the dashboard’s reset of a session', async () => {
    await add('reset');
    expect(await total('reset')).toBe(6);
    expect((await calls.reset(cookie, project.id, { session: 'reset' })).statusCode).toBe(204);
    expect(await total('reset')).toBe(5);
  });

  it('sees __reset', async () => {
    await add('base-reset');
    expect(await total('base-reset')).toBe(6);
    const res = await t.app.inject({
      method: 'POST',
      url: `/p/${project.slug}/__reset`,
      headers: headersOf('base-reset'),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await total('base-reset')).toBe(5);
  });

  it('sees a session deleted from the dashboard', async () => {
    await add('gone');
    expect(await total('gone')).toBe(6);
    expect((await calls.deleteSession(cookie, project.id, 'gone')).statusCode).toBe(204);
    expect(await total('gone')).toBe(5);
  });

  it('sees a change of count clear the shared state, and a reseed', async () => {
    await add();
    expect(await total()).toBe(6);
    const changed = await calls.update(cookie, project.id, collection.id, { count: 8 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await total()).toBe(8);
    await add();
    expect(await total()).toBe(9);
    expect((await calls.reseed(cookie, project.id, collection.id)).statusCode).toBe(200);
    expect(await total()).toBe(8);
  });
});

describe('a cascade on a node alone', () => {
  it('sees a delete’s cascade in the collection that refers to it, read just before', async () => {
    const shop: Project = (
      await projectCalls(t.app).create(cookie, { name: 'Alone cascade' })
    ).json();
    const people = await calls.create(cookie, shop.id, {
      name: 'people',
      template: { id: 'number', name: 'string.name.fullname' },
      count: 3,
      cascade: true,
    });
    expect(people.statusCode, people.body).toBe(201);
    const notes = await calls.create(cookie, shop.id, {
      name: 'notes',
      template: { id: 'number', personId: 'ref:people.id' },
      count: 30,
    });
    expect(notes.statusCode, notes.body).toBe(201);
    const listed = async () => {
      const res = await t.app.inject({ url: `/p/${shop.slug}/notes` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { personId: number }[];
    };
    // Read first: the node knows the notes' version.
    const before = await listed();
    const first = before.filter((note) => note.personId === 1).length;
    expect(first).toBeGreaterThan(0);
    const gone = await t.app.inject({ method: 'DELETE', url: `/p/${shop.slug}/people/1` });
    expect(gone.statusCode, gone.body).toBe(204);
    const after = await listed();
    expect(after).toHaveLength(before.length - first);
    expect(after.some((note) => note.personId === 1)).toBe(false);
  });
});

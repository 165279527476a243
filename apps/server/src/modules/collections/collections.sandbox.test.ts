/**
 * Strangers and an owner's sandboxes (issue 36): who may call a project's collections (a token of
 * the project or of the collection, the owner's API key), who made each session and what that
 * spares it (sessions others start never push out the owner's), the room calls without a token
 * may take of the account's state, the sessions one address may start in an hour, and a delete or
 * a reset that always goes through. Real accounts and the real database; two nodes sharing Redis
 * where a count is shared.
 */

import type { Collection } from '@mocksmith/core/collections';
import type { Project } from '@mocksmith/core/projects';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { collectionCalls } from '../../../test/collections.ts';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { runMaintenance } from '../../db/maintenance.ts';
import { stateUsage } from '../../db/schema/collections.ts';

const PROJECT_TOKEN = `mck_${'P'.repeat(40)}`;
const USERS_TOKEN = `mck_${'U'.repeat(40)}`;
const OTHER_TOKEN = `mck_${'x'.repeat(40)}`;
const NOTE = { id: 'number', text: 'string' };
const USER = { id: 'number', name: 'string.name.fullname', email: 'email' };

let sink: SmtpSink;
let t: TestApp;

interface Account {
  cookie: string;
  userId: string;
  key: string;
}
let ann: Account;
let bob: Account;

/** Signs an account up on `app` and makes it an API key. */
async function accountOn(app: TestApp, email: string): Promise<Account> {
  const { cookie, user } = await accountSteps(app.app, sink).signUp(email);
  const key = await app.app.inject({
    method: 'POST',
    url: '/backend/user/keys',
    headers: { cookie, origin: 'http://mocksmith.test' },
    payload: { name: 'CI' },
  });
  expect(key.statusCode, key.body).toBe(201);
  return { cookie, userId: user.userId, key: key.json().key };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  ann = await accountOn(t, 'ann@example.test');
  bob = await accountOn(t, 'bob@example.test');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
/** A project of the account with its collections (each 201 expected). */
async function projectWith(
  account: Account,
  list: Record<string, unknown>[],
  app: TestApp = t,
): Promise<{ project: Project; collections: Collection[] }> {
  const made = await projectCalls(app.app).create(account.cookie, { name: `Sandbox ${++counter}` });
  expect(made.statusCode, made.body).toBe(201);
  const project: Project = made.json();
  const collections: Collection[] = [];
  for (const body of list) {
    const res = await collectionCalls(app.app).create(account.cookie, project.id, body);
    expect(res.statusCode, res.body).toBe(201);
    collections.push(res.json());
  }
  return { project, collections };
}

/** Changes a project's settings (200 expected). */
async function settle(account: Account, project: Project, settings: Record<string, unknown>) {
  const res = await projectCalls(t.app).update(account.cookie, project.id, { settings });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Project;
}

/** A call to a project's base URL: its token (or an API key) and session, from an address. */
function call(
  project: Project,
  method: string,
  path: string,
  options: {
    token?: string;
    session?: string;
    payload?: unknown;
    from?: string;
    app?: TestApp;
    authorization?: string;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  if (options.session !== undefined) headers['x-mock-session'] = options.session;
  if (options.from !== undefined) headers['x-forwarded-for'] = options.from;
  return (options.app ?? t).app.inject({
    method: method as InjectOptions['method'],
    url: `${pathOf(project.baseUrl)}${path}`,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload as never }),
  });
}

/** Runs `work` for each item, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width) {
    await Promise.all(items.slice(i, i + width).map(work));
  }
}

/** What the account is charged: all its bytes, and those calls without a token wrote. */
async function usageOf(app: TestApp, account: Account) {
  const [row] = await app.database.db
    .select()
    .from(stateUsage)
    .where(eq(stateUsage.ownerId, account.userId));
  return { bytes: row?.bytes ?? 0, anonymousBytes: row?.anonymousBytes ?? 0 };
}

/** The same, summed from the states of the account's projects (what the maintenance counts). */
async function stateSumsOf(app: TestApp, account: Account) {
  const { rows } = await app.database.db.$client.query<{ bytes: string; anonymous: string }>(
    `select coalesce(sum(c.bytes), 0) as bytes, coalesce(sum(c.anonymous_bytes), 0) as anonymous
       from collection_states c join projects p on p.id = c.project_id where p.owner_id = $1`,
    [account.userId],
  );
  return { bytes: Number(rows[0]?.bytes), anonymousBytes: Number(rows[0]?.anonymous) };
}

async function sessionsOf(project: Project, account: Account = ann, app: TestApp = t) {
  const res = await collectionCalls(app.app).sessions(account.cookie, project.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessions as { name: string; owner: boolean; changed: number }[];
}

describe('a project that requires its token', () => {
  it('answers 401 to a collection call or a reset without it, and serves the calls with it', async () => {
    const { project } = await projectWith(ann, [
      { name: 'users', template: USER, count: 3 },
      { name: 'notes', template: NOTE, count: 0 },
    ]);
    const saved = await settle(ann, project, { authToken: PROJECT_TOKEN });
    expect(saved.settings.authToken).toBe(PROJECT_TOKEN);

    const bare = await call(project, 'GET', '/users');
    expect(bare.statusCode, bare.body).toBe(401);
    expect(bare.headers['www-authenticate']).toBe('Bearer realm="mocksmith"');
    expect(bare.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Collection users requires an Authorization: Bearer header with the project’s token',
    });
    const wrong = await call(project, 'POST', '/notes', {
      token: OTHER_TOKEN,
      payload: { text: 'hi' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe(
      'Bearer realm="mocksmith", error="invalid_token"',
    );
    expect(wrong.json().message).toBe(
      'The bearer token is wrong for collection notes: send the project’s token (Authorization: Bearer)',
    );
    // Nothing was written, and a session named without the token was not started.
    expect((await call(project, 'GET', '/notes', { token: PROJECT_TOKEN })).json()).toEqual([]);
    expect((await call(project, 'GET', '/users', { session: 'probe' })).statusCode).toBe(401);
    expect(await sessionsOf(project)).toEqual([]);

    const read = await call(project, 'GET', '/users', { token: PROJECT_TOKEN });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toHaveLength(3);
    // The scheme in any letter case, as a route's token.
    const added = await call(project, 'POST', '/notes', {
      authorization: `bearer ${PROJECT_TOKEN}`,
      payload: { text: 'hi' },
    });
    expect(added.statusCode, added.body).toBe(201);

    const reset = await call(project, 'POST', '/__reset');
    expect(reset.statusCode).toBe(401);
    expect(reset.json().message).toBe(
      'The reset of this project requires an Authorization: Bearer header with the project’s token',
    );
    expect((await call(project, 'GET', '/notes', { token: PROJECT_TOKEN })).json()).toHaveLength(1);
    expect((await call(project, 'POST', '/__reset', { token: PROJECT_TOKEN })).statusCode).toBe(
      204,
    );
    expect((await call(project, 'GET', '/notes', { token: PROJECT_TOKEN })).json()).toEqual([]);

    // The owner's API key acts as the owner; another account's key is no token of this project.
    expect((await call(project, 'GET', '/users', { token: ann.key })).statusCode).toBe(200);
    expect((await call(project, 'POST', '/__reset', { token: ann.key })).statusCode).toBe(204);
    const bobs = await call(project, 'GET', '/users', { token: bob.key });
    expect(bobs.statusCode).toBe(401);
    expect(bobs.headers['www-authenticate']).toBe(
      'Bearer realm="mocksmith", error="invalid_token"',
    );

    // Turned off, the collections are open again.
    await settle(ann, project, { authToken: null });
    expect((await call(project, 'GET', '/users')).statusCode).toBe(200);
  });

  it('takes a collection’s own token or the project’s, leaving its other collections as they are', async () => {
    const { project, collections } = await projectWith(ann, [
      { name: 'users', template: USER, count: 3, authToken: USERS_TOKEN },
      { name: 'notes', template: NOTE, count: 0 },
    ]);
    expect(collections[0]?.authToken).toBe(USERS_TOKEN);
    expect(collections[1]?.authToken).toBeNull();
    expect((await call(project, 'GET', '/notes')).statusCode).toBe(200);
    const bare = await call(project, 'GET', '/users/1');
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toBe(
      'Collection users requires an Authorization: Bearer header with its token',
    );
    expect((await call(project, 'GET', '/users/1', { token: USERS_TOKEN })).statusCode).toBe(200);
    // A reset changes every collection: here it needs the one token there is.
    expect((await call(project, 'POST', '/__reset')).statusCode).toBe(401);
    expect((await call(project, 'POST', '/__reset', { token: USERS_TOKEN })).statusCode).toBe(204);

    // With the project's token too: users take either, notes the project's.
    await settle(ann, project, { authToken: PROJECT_TOKEN });
    expect((await call(project, 'GET', '/users', { token: USERS_TOKEN })).statusCode).toBe(200);
    expect((await call(project, 'GET', '/users', { token: PROJECT_TOKEN })).statusCode).toBe(200);
    expect((await call(project, 'GET', '/notes', { token: PROJECT_TOKEN })).statusCode).toBe(200);
    const notes = await call(project, 'GET', '/notes', { token: USERS_TOKEN });
    expect(notes.statusCode).toBe(401);
    expect(notes.json().message).toBe(
      'The bearer token is wrong for collection notes: send the project’s token (Authorization: Bearer)',
    );
    expect((await call(project, 'POST', '/__reset', { token: USERS_TOKEN })).statusCode).toBe(401);
    expect((await call(project, 'POST', '/__reset', { token: PROJECT_TOKEN })).statusCode).toBe(
      204,
    );

    // Two different collection tokens and none on the project: no token resets both.
    await settle(ann, project, { authToken: null });
    const changed = await collectionCalls(t.app).update(
      ann.cookie,
      project.id,
      collections[1]?.id as string,
      { authToken: OTHER_TOKEN },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().authToken).toBe(OTHER_TOKEN);
    const both = await call(project, 'POST', '/__reset', { token: USERS_TOKEN });
    expect(both.statusCode).toBe(401);
    expect(both.json().message).toContain('set on the project');
    expect((await call(project, 'POST', '/__reset', { token: ann.key })).statusCode).toBe(204);

    // A token of the wrong form is refused, naming the field.
    const bad = await collectionCalls(t.app).update(
      ann.cookie,
      project.id,
      collections[0]?.id as string,
      { authToken: 'secret' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('authToken must be mck_');
    const badProject = await projectCalls(t.app).update(ann.cookie, project.id, {
      settings: { authToken: 'mck_short' },
    });
    expect(badProject.statusCode).toBe(400);
  });
});

describe('sessions others start never push out the owner’s', () => {
  const FLOOD = 1_001;

  it('keeps a session the owner’s API key made, and its records, through 1,001 anonymous sessions', async () => {
    const { project } = await projectWith(ann, [{ name: 'notes', template: NOTE, count: 2 }]);
    for (const text of ['first', 'second']) {
      const res = await call(project, 'POST', '/notes', {
        token: ann.key,
        session: 'ci-main',
        payload: { text },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const started = performance.now();
    await inBatches(
      Array.from({ length: FLOOD }, (_, i) => i),
      25,
      async (i) => {
        const res = await call(project, 'POST', '/notes', {
          session: `stranger-${i}`,
          payload: { text: `x${i}` },
        });
        expect(res.statusCode, res.body).toBe(201);
      },
    );
    console.log(`${FLOOD} anonymous sessions: ${Math.round(performance.now() - started)} ms`);

    const sessions = await sessionsOf(project);
    expect(sessions.find((s) => s.name === 'ci-main')).toMatchObject({ owner: true, changed: 2 });
    const anonymous = sessions.filter((s) => !s.owner);
    expect(anonymous).toHaveLength(1_000);
    // The one pushed out is among the least recently used: the first batch of 25, made at once.
    const names = new Set(anonymous.map((s) => s.name));
    const gone = Array.from({ length: FLOOD }, (_, i) => i).filter(
      (i) => !names.has(`stranger-${i}`),
    );
    expect(gone).toHaveLength(1);
    expect(gone[0]).toBeLessThan(25);
    const kept = await call(project, 'GET', '/notes', { session: 'ci-main' });
    expect(
      kept
        .json()
        .map((note: { text: string }) => note.text)
        .slice(2),
    ).toEqual(['first', 'second']);
    expect(await usageOf(t, ann)).toEqual(await stateSumsOf(t, ann));
  }, 120_000);

  it('keeps sessions made or named from the dashboard through 1,001 more', async () => {
    const { project } = await projectWith(ann, [{ name: 'notes', template: NOTE, count: 0 }]);
    // Started by a call without a token, then named by the owner: the owner's from then on.
    expect(
      (await call(project, 'POST', '/notes', { session: 'named', payload: { text: 'a' } }))
        .statusCode,
    ).toBe(201);
    expect((await sessionsOf(project))[0]).toMatchObject({ name: 'named', owner: false });
    const named = await collectionCalls(t.app).claimSession(ann.cookie, project.id, 'named');
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ name: 'named', owner: true, changed: 1 });
    const made = await collectionCalls(t.app).claimSession(ann.cookie, project.id, 'made');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'made', owner: true, changed: 0 });
    // Another account's, a bad name: 404 and 400.
    expect(
      (await collectionCalls(t.app).claimSession(bob.cookie, project.id, 'x')).statusCode,
    ).toBe(404);
    expect(
      (await collectionCalls(t.app).claimSession(ann.cookie, project.id, 'a b')).statusCode,
    ).toBe(400);
    // A call without a token in the owner's session leaves it the owner's.
    expect(
      (await call(project, 'POST', '/notes', { session: 'made', payload: { text: 'b' } }))
        .statusCode,
    ).toBe(201);

    await inBatches(
      Array.from({ length: FLOOD }, (_, i) => i),
      25,
      async (i) => {
        const res = await call(project, 'GET', '/notes', { session: `reader-${i}` });
        expect(res.statusCode, res.body).toBe(200);
      },
    );
    const sessions = await sessionsOf(project);
    expect(sessions.filter((s) => s.owner).map((s) => [s.name, s.changed])).toEqual([
      ['made', 1],
      ['named', 1],
    ]);
    expect(sessions.filter((s) => !s.owner)).toHaveLength(1_000);
    expect((await call(project, 'GET', '/notes', { session: 'named' })).json()).toEqual([
      { id: 1, text: 'a' },
    ]);
  }, 120_000);
});

describe('the room calls without a token take', () => {
  let small: TestApp;
  let cat: Account;
  beforeAll(async () => {
    // 4096 bytes an account, of which calls without a token may write a quarter.
    small = await buildTestApp(
      { SMTP_URL: sink.url, MOCK_STATE_BYTES_PER_ACCOUNT: '4096', MOCK_ANON_STATE_SHARE: '25' },
      { database: t.database },
    );
    cat = await accountOn(small, 'cat@example.test');
  });
  afterAll(() => small?.close());

  const note = (n: number) => ({ text: `${n}${'x'.repeat(300)}` });

  it('never lets an anonymous flood make the owner’s DELETE or reset answer 409', async () => {
    const { project } = await projectWith(
      cat,
      [{ name: 'notes', template: NOTE, count: 5 }],
      small,
    );
    // Strangers write until they are refused: a quarter of the account, no more.
    let refusal: { code: string; message: string } | undefined;
    let written = 0;
    for (let n = 0; n < 40 && refusal === undefined; n++) {
      const res = await call(project, 'POST', '/notes', {
        app: small,
        session: `s${n % 3}`,
        payload: note(n),
      });
      if (res.statusCode === 201) written++;
      else {
        expect(res.statusCode, res.body).toBe(409);
        refusal = res.json();
      }
    }
    expect(written).toBeGreaterThan(0);
    expect(refusal).toEqual({
      statusCode: 409,
      code: 'STATE_LIMIT_REACHED',
      message:
        "Calls without a token hold 1024 bytes of this account's written records, the most they may (25% of its 4096): send the project's token (Authorization: Bearer) to write more, or reset or delete sessions to make room",
    });
    const afterFlood = await usageOf(small, cat);
    expect(afterFlood.anonymousBytes).toBeLessThanOrEqual(1024);
    expect(afterFlood.bytes).toBe(afterFlood.anonymousBytes);

    // The owner still has the rest: its writes go through until the account is full.
    let ownerWrites = 0;
    for (let n = 0; n < 40; n++) {
      const res = await call(project, 'POST', '/notes', {
        app: small,
        token: cat.key,
        payload: note(n),
      });
      if (res.statusCode !== 201) {
        expect(res.json().message).toBe(
          "This account's collections hold 4096 bytes of written records, their most: reset or delete sessions to make room",
        );
        break;
      }
      ownerWrites++;
    }
    expect(ownerWrites).toBeGreaterThan(3);

    // Full: deleting a seeded record (a row kept, 64 bytes) goes through, the owner's and a
    // stranger's alike, and so do resets.
    const deleted = await call(project, 'DELETE', '/notes/1', { app: small, token: cat.key });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const strangers = await call(project, 'DELETE', '/notes/2', { app: small, session: 's0' });
    expect(strangers.statusCode, strangers.body).toBe(204);
    expect(
      (await call(project, 'DELETE', '/notes/3', { app: small, session: 'fresh' })).statusCode,
    ).toBe(204);
    expect(await usageOf(small, cat)).toEqual(await stateSumsOf(small, cat));
    expect(
      (await call(project, 'POST', '/__reset', { app: small, token: cat.key })).statusCode,
    ).toBe(204);
    const reset = await collectionCalls(small.app).reset(cat.cookie, project.id, { session: 's0' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(
      (await call(project, 'POST', '/__reset', { app: small, session: 's1' })).statusCode,
    ).toBe(204);
    const left = await usageOf(small, cat);
    expect(left).toEqual(await stateSumsOf(small, cat));
    expect(left.bytes).toBeLessThan(afterFlood.bytes);
  });

  it('lets a DELETE of a seeded record through when the account is full', async () => {
    const { project } = await projectWith(
      cat,
      [{ name: 'notes', template: NOTE, count: 3 }],
      small,
    );
    await collectionCalls(small.app).reset(cat.cookie, project.id);
    let last: { id: number; text: string } | undefined;
    for (let n = 0; n < 40; n++) {
      const res = await call(project, 'POST', '/notes', {
        app: small,
        token: cat.key,
        payload: note(n),
      });
      if (res.statusCode !== 201) break;
      last = res.json();
    }
    // The last note grown by what room is left: the account holds its most, to the byte.
    const room = 4096 - (await usageOf(small, cat)).bytes;
    const grown = await call(project, 'PATCH', `/notes/${last?.id}`, {
      app: small,
      token: cat.key,
      payload: { text: `${last?.text}${'y'.repeat(room)}` },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect((await usageOf(small, cat)).bytes).toBe(4096);
    for (const [id, token] of [
      [1, cat.key],
      [2, undefined],
    ] as const) {
      const res = await call(project, 'DELETE', `/notes/${id}`, { app: small, token });
      expect(res.statusCode, res.body).toBe(204);
      expect((await call(project, 'GET', `/notes/${id}`, { app: small, token })).statusCode).toBe(
        404,
      );
    }
    await collectionCalls(small.app).reset(cat.cookie, project.id);
  });

  it('charges each record to whoever wrote it last, as the maintenance counts it again', async () => {
    const { project } = await projectWith(
      cat,
      [{ name: 'notes', template: NOTE, count: 0 }],
      small,
    );
    await collectionCalls(small.app).reset(cat.cookie, project.id);
    const before = await usageOf(small, cat);
    const post = await call(project, 'POST', '/notes', { app: small, payload: { text: 'abc' } });
    expect(post.statusCode, post.body).toBe(201);
    const id = post.json().id;
    const anon = await usageOf(small, cat);
    const cost = anon.bytes - before.bytes;
    expect(anon.anonymousBytes - before.anonymousBytes).toBe(cost);
    // The owner replaces it: all of it is the owner's now.
    const put = await call(project, 'PUT', `/notes/${id}`, {
      app: small,
      token: cat.key,
      payload: { text: 'abcdef' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const owners = await usageOf(small, cat);
    expect(owners.anonymousBytes).toBe(before.anonymousBytes);
    expect(owners.bytes - before.bytes).toBe(cost + 3);
    // A stranger's PATCH makes it theirs again; a delete frees it whoever wrote it.
    await call(project, 'PATCH', `/notes/${id}`, { app: small, payload: { text: 'a' } });
    const patched = await usageOf(small, cat);
    expect(patched.anonymousBytes - before.anonymousBytes).toBe(cost - 2);
    await call(project, 'DELETE', `/notes/${id}`, { app: small, token: cat.key });
    expect(await usageOf(small, cat)).toEqual(before);
    expect(await usageOf(small, cat)).toEqual(await stateSumsOf(small, cat));
    await runMaintenance(small.database.db);
    expect(await usageOf(small, cat)).toEqual(await stateSumsOf(small, cat));
  });
});

describe('the sessions one address starts in an hour', () => {
  let limited: TestApp;
  let dan: Account;
  beforeAll(async () => {
    limited = await buildTestApp(
      { SMTP_URL: sink.url, MOCK_ANON_SESSIONS_PER_HOUR: '3', TRUST_PROXY: 'true' },
      { database: t.database },
    );
    dan = await accountOn(limited, 'dan@example.test');
  });
  afterAll(() => limited?.close());

  it('answers 429 to the fourth new session of an address, never to a session it has', async () => {
    const { project } = await projectWith(
      dan,
      [{ name: 'notes', template: NOTE, count: 1 }],
      limited,
    );
    const from = '203.0.113.7';
    for (const session of ['a1', 'a2', 'a3']) {
      expect(
        (await call(project, 'GET', '/notes', { app: limited, from, session })).statusCode,
      ).toBe(200);
    }
    const fourth = await call(project, 'POST', '/notes', {
      app: limited,
      from,
      session: 'a4',
      payload: { text: 'no' },
    });
    expect(fourth.statusCode, fourth.body).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fourth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Without a token, an address starts at most 3 new sessions of this project an hour: reuse a session, or send the project's token \(Authorization: Bearer\) to start more\. Try again in \d+ seconds$/,
      ),
    });
    expect((await sessionsOf(project, dan, limited)).map((s) => s.name).sort()).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
    // Its sessions, the shared state, another address, the owner's key: all still answer.
    expect(
      (
        await call(project, 'POST', '/notes', {
          app: limited,
          from,
          session: 'a1',
          payload: { text: 'ok' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await call(project, 'GET', '/notes', { app: limited, from })).statusCode).toBe(200);
    expect(
      (await call(project, 'GET', '/notes', { app: limited, from: '203.0.113.8', session: 'b1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(project, 'GET', '/notes', { app: limited, from, session: 'ci', token: dan.key }))
        .statusCode,
    ).toBe(200);
    expect(
      await collectionCalls(limited.app).claimSession(dan.cookie, project.id, 'dash'),
    ).toMatchObject({
      statusCode: 201,
    });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('on two nodes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let eve: Account;
  beforeAll(async () => {
    const env = { SMTP_URL: sink.url, MOCK_ANON_SESSIONS_PER_HOUR: '3', TRUST_PROXY: 'true' };
    a = await buildTestApp(env, { database: t.database, redis: true });
    b = await buildTestApp(env, { database: t.database, redis: true });
    eve = await accountOn(a, 'eve@example.test');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts an address’s new sessions on both nodes together', async () => {
    const { project } = await projectWith(eve, [{ name: 'notes', template: NOTE, count: 1 }], a);
    const from = '198.51.100.4';
    const on = (app: TestApp, session: string) =>
      call(project, 'GET', '/notes', { app, from, session });
    expect((await on(a, 'n1')).statusCode).toBe(200);
    expect((await on(b, 'n2')).statusCode).toBe(200);
    expect((await on(a, 'n3')).statusCode).toBe(200);
    expect((await on(b, 'n4')).statusCode).toBe(429);
    expect((await on(a, 'n5')).statusCode).toBe(429);
    // A session started on one node is the address's on the other.
    expect((await on(b, 'n1')).statusCode).toBe(200);
  });

  it('refuses on node B a collection call without the token set through node A', async () => {
    const { project } = await projectWith(eve, [{ name: 'notes', template: NOTE, count: 1 }], a);
    expect((await call(project, 'GET', '/notes', { app: b })).statusCode).toBe(200);
    const res = await projectCalls(a.app).update(eve.cookie, project.id, {
      settings: { authToken: PROJECT_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The change reaches B through the bus; within a second.
    let status = 0;
    for (let i = 0; i < 100; i++) {
      status = (await call(project, 'GET', '/notes', { app: b })).statusCode;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
    expect(
      (await call(project, 'GET', '/notes', { app: b, token: PROJECT_TOKEN })).statusCode,
    ).toBe(200);
  });
});

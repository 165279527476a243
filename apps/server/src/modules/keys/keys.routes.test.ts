/**
 * Personal API keys end to end over HTTP, with real accounts and the real database: the keys'
 * own calls (session only), and a key calling the management API with `Authorization: Bearer`
 * alone (no cookie, no Origin), as CI does: as its owner, refused once revoked or banned.
 */
import { createHash, randomBytes } from 'node:crypto';
import { authMessages, ErrorCode } from '@mocksmith/core';
import {
  type ApiKey,
  apiKeyListSchema,
  apiKeyMessages,
  type CreatedApiKey,
  createdApiKeySchema,
  MAX_API_KEYS,
} from '@mocksmith/core/keys';
import type { Project } from '@mocksmith/core/projects';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps, PASSWORD } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartBody, PETS_YAML } from '../../../test/openapi.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/auth.ts';

let t: TestApp;
let sink: SmtpSink;

interface Account {
  cookie: string;
  id: string;
  email: string;
}
let ann: Account;
let bob: Account;

const address = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

async function signUp(name: string, app: FastifyInstance = t.app): Promise<Account> {
  const email = address(name);
  const { cookie, user } = await accountSteps(app, sink).signUp(email);
  return { cookie, id: user.userId, email };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  ann = await signUp('ann');
  bob = await signUp('bob');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call signed in with a session cookie, as the web makes it (same origin). */
function withCookie(cookie: string, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, origin: 'http://mocksmith.test' },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
}

/** A call with the key alone, as curl sends it: no cookie, no Origin. */
function withKey(key: string, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
}

/** Creates a key with the account's session (201 expected). */
async function createKey(account: Account, name = 'CI'): Promise<CreatedApiKey> {
  const res = await withCookie(account.cookie, 'POST', '/backend/user/keys', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function listKeys(account: Account): Promise<ApiKey[]> {
  const res = await withCookie(account.cookie, 'GET', '/backend/user/keys');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let counter = 0;
const projectName = () => `Keyed ${++counter}`;

describe('the keys of the account page', () => {
  it('creates a key shown once, lists it by its prefix, and stores only its hash', async () => {
    const res = await withCookie(ann.cookie, 'POST', '/backend/user/keys', {
      name: '  GitHub Actions ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created: CreatedApiKey = res.json();
    expect(createdApiKeySchema.parse(created)).toEqual(created);
    expect(created.key).toMatch(/^mks_[A-Za-z0-9_-]{43}$/);
    expect(created.name).toBe('GitHub Actions');
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(res.headers['cache-control']).toBe('no-store');

    const list = await listKeys(ann);
    expect(apiKeyListSchema.parse(list)).toEqual(list);
    expect(list[0]).toEqual({
      id: created.id,
      name: 'GitHub Actions',
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
    // Bob sees none of Ann's keys.
    expect((await listKeys(bob)).map((key) => key.id)).not.toContain(created.id);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.hash).toBe(createHash('sha256').update(created.key).digest('base64url'));
    expect(row?.prefix).toBe(created.prefix);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
  });

  it('lists the newest key first', async () => {
    const account = await signUp('order');
    const first = await createKey(account, 'first');
    const second = await createKey(account, 'second');
    expect((await listKeys(account)).map((key) => key.id)).toEqual([second.id, first.id]);
  });

  it('refuses a visitor (401) and a name that is empty or too long (400)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/backend/user/keys' });
    expect(anonymous.statusCode).toBe(401);
    for (const name of ['   ', 'x'.repeat(61)]) {
      const res = await withCookie(ann.cookie, 'POST', '/backend/user/keys', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });

  it(`refuses a key past ${MAX_API_KEYS} live ones (403, saying so), and makes it after a revoke`, async () => {
    const account = await signUp('many');
    const made = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 3 }, (_, index) =>
        withCookie(account.cookie, 'POST', '/backend/user/keys', { name: `key ${index}` }),
      ),
    );
    // Made at once: the limit holds all the same.
    expect(made.filter((res) => res.statusCode === 201)).toHaveLength(MAX_API_KEYS);
    const refused = made.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => [res.statusCode, res.json().message])).toEqual(
      Array.from({ length: 3 }, () => [403, apiKeyMessages.limitReached]),
    );
    expect(await listKeys(account)).toHaveLength(MAX_API_KEYS);

    const revoked = made.find((res) => res.statusCode === 201)?.json() as CreatedApiKey;
    const del = await withCookie(account.cookie, 'DELETE', `/backend/user/keys/${revoked.id}`);
    expect(del.statusCode).toBe(204);
    await createKey(account, 'one more');
  });

  it('revokes a key: it stops working at once and leaves the list; another user’s key is 404', async () => {
    const { id, key } = await createKey(ann, 'to revoke');
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(200);

    const byBob = await withCookie(bob.cookie, 'DELETE', `/backend/user/keys/${id}`);
    expect(byBob.statusCode).toBe(404);
    expect(byBob.json().message).toBe(apiKeyMessages.notFound);
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(200);

    const res = await withCookie(ann.cookie, 'DELETE', `/backend/user/keys/${id}`);
    expect(res.statusCode).toBe(204);
    expect((await listKeys(ann)).map((listed) => listed.id)).not.toContain(id);

    const refused = await withKey(key, 'GET', '/backend/projects');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
      message: apiKeyMessages.invalid,
    });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    // Once revoked it is gone, and an id that is no key's is the same 404.
    expect((await withCookie(ann.cookie, 'DELETE', `/backend/user/keys/${id}`)).statusCode).toBe(
      404,
    );
    expect((await withCookie(ann.cookie, 'DELETE', '/backend/user/keys/nope')).statusCode).toBe(
      404,
    );
  });
});

describe('the management API with a key', () => {
  it('lists and creates projects as the owner, with the key alone', async () => {
    const { key } = await createKey(ann);
    const name = projectName();
    const created = await withKey(key, 'POST', '/backend/projects', { name });
    expect(created.statusCode, created.body).toBe(201);
    const project: Project = created.json();

    const list = await withKey(key, 'GET', '/backend/projects');
    expect(list.statusCode).toBe(200);
    expect(list.json().projects.map((listed: Project) => listed.id)).toContain(project.id);
    // Ann's, as her session sees it; not Bob's.
    const annList = await withCookie(ann.cookie, 'GET', '/backend/projects');
    expect(annList.json().projects.map((listed: Project) => listed.name)).toContain(name);
    const bobList = await withCookie(bob.cookie, 'GET', '/backend/projects');
    expect(bobList.json().projects.map((listed: Project) => listed.name)).not.toContain(name);
  });

  it('gets 404 for another user’s project, as one that does not exist', async () => {
    const { key } = await createKey(ann);
    const bobs = await withCookie(bob.cookie, 'POST', '/backend/projects', { name: projectName() });
    expect(bobs.statusCode).toBe(201);
    const { id } = bobs.json() as Project;
    for (const [method, url, body] of [
      ['GET', `/backend/projects/${id}`],
      ['PATCH', `/backend/projects/${id}`, { name: 'Taken over' }],
      ['POST', `/backend/projects/${id}/reset`],
      ['DELETE', `/backend/projects/${id}`],
    ] as [Method, string, unknown?][]) {
      const res = await withKey(key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await withCookie(bob.cookie, 'GET', `/backend/projects/${id}`)).statusCode).toBe(200);
  });

  it('adds a route, reads the sessions, resets, reads the request log, and imports a spec', async () => {
    const { key } = await createKey(ann);
    const project: Project = (
      await withKey(key, 'POST', '/backend/projects', { name: projectName() })
    ).json();
    const route = await withKey(key, 'POST', `/backend/projects/${project.id}/routes`, {
      method: 'GET',
      path: '/health',
      responses: [{ name: 'ok', status: 200, template: JSON.stringify({ ok: 'boolean' }) }],
    });
    expect(route.statusCode, route.body).toBe(201);
    const sessions = await withKey(key, 'GET', `/backend/projects/${project.id}/sessions`);
    expect(sessions.statusCode, sessions.body).toBe(200);
    const reset = await withKey(key, 'POST', `/backend/projects/${project.id}/reset`);
    expect(reset.statusCode, reset.body).toBe(204);
    const log = await withKey(key, 'GET', `/backend/projects/${project.id}/requests/count`);
    expect(log.statusCode, log.body).toBe(200);

    const { body, contentType } = multipartBody(PETS_YAML);
    const imported = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${project.id}/import`,
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${key}` },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().routes.length).toBeGreaterThan(0);
  });

  it('imports an OpenAPI file as the owner’s APIs, and a revoked key is refused, not served as a visitor', async () => {
    const { id, key } = await createKey(ann);
    const { body, contentType } = multipartBody(PETS_YAML);
    const importWith = (bearer: string) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/crud/openapi',
        payload: body,
        headers: { 'content-type': contentType, authorization: `Bearer ${bearer}` },
      });
    const imported = await importWith(key);
    expect(imported.statusCode, imported.body).toBe(201);
    const apis = await withCookie(ann.cookie, 'GET', `/backend/crud/getall/${ann.id}`);
    const ids = (apis.json() as { id: string }[]).map((api) => api.id);
    for (const api of imported.json() as { id: string }[]) expect(ids).toContain(api.id);

    await withCookie(ann.cookie, 'DELETE', `/backend/user/keys/${id}`);
    const refused = await importWith(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(apiKeyMessages.invalid);
  });

  it('notes when a key was last used', async () => {
    const { id, key } = await createKey(ann);
    const before = Date.now();
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(200);
    const listed = (await listKeys(ann)).find((listedKey) => listedKey.id === id);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(Date.parse(listed?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a key that never existed or is not a key’s shape (401, naming the key)', async () => {
    for (const key of [`mks_${'A'.repeat(43)}`, 'mks_short']) {
      const res = await withKey(key, 'GET', '/backend/projects');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(apiKeyMessages.invalid);
    }
  });

  it('stops a banned owner’s keys (403, the suspended text) and works again after the unban', async () => {
    const admin = await signUp('admin');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const owner = await signUp('banned');
    const { key } = await createKey(owner);
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(200);

    const ban = await withCookie(admin.cookie, 'POST', `/backend/admin/users/${owner.id}/ban`);
    expect(ban.statusCode, ban.body).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/backend/projects'],
      ['POST', '/backend/projects', { name: projectName() }],
    ] as [Method, string, unknown?][]) {
      const res = await withKey(key, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: ErrorCode.ACCOUNT_BANNED,
        message: authMessages.suspended,
      });
    }

    const unban = await withCookie(admin.cookie, 'POST', `/backend/admin/users/${owner.id}/unban`);
    expect(unban.statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(200);
  });

  it('never acts as an administrator: an admin’s key gets the 404 of the admin routes', async () => {
    const admin = await signUp('keyed-admin');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const { key } = await createKey(admin);
    expect((await withCookie(admin.cookie, 'GET', '/backend/admin/users')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', '/backend/admin/users')).statusCode).toBe(404);
    const ban = await withKey(key, 'POST', `/backend/admin/users/${bob.id}/ban`);
    expect(ban.statusCode).toBe(404);
  });
});

describe('what a key cannot do', () => {
  it('manage keys, change the password or delete the account (403: it needs a session)', async () => {
    const account = await signUp('limited');
    const { id, key } = await createKey(account);
    for (const [method, url, body] of [
      ['GET', '/backend/user/keys'],
      ['POST', '/backend/user/keys', { name: 'minted by a key' }],
      ['DELETE', `/backend/user/keys/${id}`],
      [
        'PUT',
        '/backend/user/password',
        { userId: account.id, currentPassword: PASSWORD, newPassword: 'another-password-1' },
      ],
      ['DELETE', `/backend/user/${account.id}`],
    ] as [Method, string, unknown?][]) {
      const res = await withKey(key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({
        code: ErrorCode.FORBIDDEN,
        message: apiKeyMessages.sessionOnly,
      });
    }
    // Nothing happened: one key, still live; the password and the account as they were.
    expect((await listKeys(account)).map((listed) => listed.id)).toEqual([id]);
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(200);
    const login = await accountSteps(t.app, sink).login(account.email, PASSWORD);
    expect(login.statusCode).toBe(200);
  });

  it('outlive its account: a deleted account’s keys stop working', async () => {
    const account = await signUp('leaving');
    const { key } = await createKey(account);
    const res = await withCookie(account.cookie, 'DELETE', `/backend/user/${account.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await withKey(key, 'GET', '/backend/projects')).statusCode).toBe(401);
  });
});

describe('the Origin check', () => {
  it('lets a key call through from any origin: it carries no cookie to forge', async () => {
    const { key } = await createKey(ann);
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/projects',
      headers: { authorization: `Bearer ${key}`, origin: 'https://tools.example' },
      payload: { name: projectName() },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('still refuses a cookie call from another site, with a key beside it or not', async () => {
    const { key } = await createKey(ann);
    for (const headers of [
      { cookie: ann.cookie, origin: 'https://evil.example' },
      { cookie: ann.cookie, origin: 'https://evil.example', authorization: `Bearer ${key}` },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/backend/projects',
        headers,
        payload: { name: projectName() },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: ErrorCode.ORIGIN_REJECTED,
        message: authMessages.originRejected,
      });
    }
  });

  it('takes the session, not the key, when a request carries both', async () => {
    const { key } = await createKey(bob);
    const res = await t.app.inject({
      method: 'GET',
      url: '/backend/projects',
      headers: { cookie: 'unrelated=1', authorization: `Bearer ${key}` },
    });
    // A cookie makes it a browser's call: without a session in it, it is not signed in.
    expect(res.statusCode).toBe(401);
    expect(res.json().message).not.toBe(apiKeyMessages.invalid);
  });
});

describe('the creation budget', () => {
  it('counts key creations per user (429 past AUTH_RATE_LIMIT)', async () => {
    const limited = await buildTestApp({ SMTP_URL: sink.url, AUTH_RATE_LIMIT: '2' });
    try {
      // Registration counts against the same budget per client: sign up before counting.
      const account = await signUp('budget', limited.app);
      const create = () =>
        limited.app.inject({
          method: 'POST',
          url: '/backend/user/keys',
          headers: { cookie: account.cookie },
          payload: { name: 'CI' },
        });
      expect((await create()).statusCode).toBe(201);
      expect((await create()).statusCode).toBe(201);
      const third = await create();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(ErrorCode.RATE_LIMITED);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

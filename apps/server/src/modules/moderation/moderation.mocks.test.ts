/**
 * What moderation does to the mock URLs: a ban stops every mock URL of the account (403, the
 * suspended text) and an unban restores them; a disabled API answers 403 until it is enabled;
 * on every node (over Redis), without a restart. And a banned session is refused, not served
 * as a visitor, by the calls a visitor may make too (preview, OpenAPI import).
 */
import { randomBytes } from 'node:crypto';
import { authMessages } from '@mocksmith/core';
import { galleryMessages } from '@mocksmith/core/gallery';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helper.ts';
import { PETS_YAML, upload } from '../../../test/openapi.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import type { Database } from '../../db/client.ts';
import type { ApiRow } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { createModerationRepository } from './moderation.repository.ts';
import { createModerationService } from './moderation.service.ts';

const TOKEN = `mck_${'a'.repeat(40)}`;
const address = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

/** Signs up an account (and makes it an administrator when asked); its id and cookie. */
async function account(app: FastifyInstance, sink: SmtpSink, db: Database, admin = false) {
  const email = address(admin ? 'admin' : 'owner');
  const { cookie, user } = await accountSteps(app, sink).signUp(email);
  if (admin) await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.userId));
  return { id: user.userId, email, cookie };
}

/** Three APIs of one owner: open, token-protected (private), and at a custom endpoint. */
async function apisOf(db: Database, ownerId: string) {
  return [
    await insertApi(db, { ownerId, template: { secret: 'open body' } }),
    await insertApi(db, { ownerId, template: { secret: 'token body' }, authToken: TOKEN }),
    await insertApi(db, {
      ownerId,
      template: { secret: 'endpoint body' },
      customEndpoint: '/orders',
      httpCode: 201,
    }),
  ];
}

/** Calls each API as its caller would (with its token, at its endpoint): the answers. */
async function callAll(app: FastifyInstance, rows: ApiRow[]) {
  return Promise.all(
    rows.map((row) =>
      app.inject({
        url: `/api/${row.requestId}${row.customEndpoint ?? ''}`,
        headers: row.authToken ? { authorization: `Bearer ${row.authToken}` } : {},
      }),
    ),
  );
}

const statuses = async (app: FastifyInstance, rows: ApiRow[]) =>
  (await callAll(app, rows)).map((res) => res.statusCode);

/** The refusal every URL answers: the status and the `{message}` body, never the template's. */
async function refusals(app: FastifyInstance, rows: ApiRow[]) {
  return (await callAll(app, rows)).map((res) => {
    expect(res.body).not.toContain('body');
    return [res.statusCode, res.json().message];
  });
}

describe('one node', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('stops every mock URL of a banned account from the admin page, and an unban restores them', async () => {
    const admin = await account(t.app, sink, t.database.db, true);
    const owner = await account(t.app, sink, t.database.db);
    const rows = await apisOf(t.database.db, owner.id);
    // Each is cached now, as on a busy server.
    expect(await statuses(t.app, rows)).toEqual([200, 200, 201]);

    const ban = await t.app.inject({
      method: 'POST',
      url: `/backend/admin/users/${owner.id}/ban`,
      headers: { cookie: admin.cookie },
    });
    expect(ban.statusCode).toBe(200);
    const suspended = [403, authMessages.suspended];
    expect(await refusals(t.app, rows)).toEqual([suspended, suspended, suspended]);
    // Without its token too: the ban comes first.
    const bare = await t.app.inject(`/api/${rows[1]!.requestId}`);
    expect([bare.statusCode, bare.json().message]).toEqual(suspended);

    const unban = await t.app.inject({
      method: 'POST',
      url: `/backend/admin/users/${owner.id}/unban`,
      headers: { cookie: admin.cookie },
    });
    expect(unban.statusCode).toBe(200);
    expect(await statuses(t.app, rows)).toEqual([200, 200, 201]);
    expect((await callAll(t.app, rows))[1]!.json()).toEqual({ secret: 'token body' });
  });

  it('disables one API (403 with the reason) and enables it again, each logged, shown in the queue', async () => {
    const owner = await account(t.app, sink, t.database.db);
    const reporter = await account(t.app, sink, t.database.db);
    const [reported, other] = [
      await insertApi(t.database.db, {
        ownerId: owner.id,
        name: 'Reported API',
        template: { secret: 'reported body' },
        isPublic: true,
        category: 'blog',
        description: 'A template someone reported',
      }),
      await insertApi(t.database.db, { ownerId: owner.id, template: { secret: 'other body' } }),
    ];
    const report = await t.app.inject({
      method: 'POST',
      url: `/backend/templates-gallery/${reported.id}/report`,
      headers: { cookie: reporter.cookie },
      payload: { reason: 'other' },
    });
    expect(report.statusCode).toBe(201);
    expect(await statuses(t.app, [reported, other])).toEqual([200, 200]);
    // The service as the admin routes hold it, announcing through this app's bus.
    const moderation = createModerationService({
      repository: createModerationRepository(t.database.db),
      announce: async (ids) => {
        await Promise.all(ids.map(t.app.apiChanged));
      },
    });
    const actor = { id: (await account(t.app, sink, t.database.db, true)).id, name: 'Ada Admin' };
    const disabledOf = async () =>
      (await moderation.queue()).reports.find((entry) => entry.template.id === reported.id)
        ?.template.disabled;
    expect(await disabledOf()).toBe(false);

    expect(await moderation.disableApi(actor, reported.id)).toEqual({ name: 'Reported API' });
    expect(await refusals(t.app, [reported])).toEqual([[403, galleryMessages.apiDisabled]]);
    expect(await statuses(t.app, [other])).toEqual([200]);
    expect(await disabledOf()).toBe(true);

    expect(await moderation.enableApi(actor, reported.id)).toEqual({ name: 'Reported API' });
    expect(await statuses(t.app, [reported])).toEqual([200]);
    expect(await disabledOf()).toBe(false);
    const { history } = await moderation.queue();
    expect(history.slice(0, 2).map((entry) => [entry.action, entry.admin, entry.target])).toEqual([
      ['enable-api', 'Ada Admin', `"Reported API" (${reported.id})`],
      ['disable-api', 'Ada Admin', `"Reported API" (${reported.id})`],
    ]);

    for (const id of ['00000000-0000-4000-8000-00000000dead', 'not-an-id']) {
      await expect(moderation.disableApi(actor, id)).rejects.toMatchObject({
        statusCode: 404,
        message: galleryMessages.notFound,
      });
      await expect(moderation.enableApi(actor, id)).rejects.toMatchObject({ statusCode: 404 });
    }
  });

  it('refuses a banned session its preview and OpenAPI import, where a visitor is served', async () => {
    const owner = await account(t.app, sink, t.database.db);
    const preview = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/apitemplate/preview',
        payload: { template: { id: 'uuid' } },
        headers: cookie ? { cookie } : {},
      });
    expect((await preview(owner.cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, owner.id));

    const refused = await preview(owner.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, authMessages.suspended]);
    const imported = await upload(t.app, PETS_YAML, { cookie: owner.cookie });
    expect([imported.statusCode, imported.json().message]).toEqual([403, authMessages.suspended]);
    // No session, or one that ended, is a visitor's.
    expect((await preview()).statusCode).toBe(200);
    expect((await preview('better-auth.session_token=ended.session')).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two nodes sharing Redis', () => {
  it('stops the banned account’s mocks on the other node, and an unban restores them there', async () => {
    const sink = await startSmtpSink();
    const database = await createTestDatabase();
    const a = await buildTestApp({ SMTP_URL: sink.url }, { database, redis: true });
    const b = await buildTestApp({ SMTP_URL: sink.url }, { database, redis: true });
    try {
      const admin = await account(a.app, sink, database.db, true);
      const owner = await account(a.app, sink, database.db);
      const rows = await apisOf(database.db, owner.id);
      // Cached on node b.
      expect(await statuses(b.app, rows)).toEqual([200, 200, 201]);

      const ban = await a.app.inject({
        method: 'POST',
        url: `/backend/admin/users/${owner.id}/ban`,
        headers: { cookie: admin.cookie },
      });
      expect(ban.statusCode).toBe(200);
      await expect.poll(() => statuses(b.app, rows)).toEqual([403, 403, 403]);
      const suspended = [403, authMessages.suspended];
      expect(await refusals(b.app, rows)).toEqual([suspended, suspended, suspended]);

      await a.app.inject({
        method: 'POST',
        url: `/backend/admin/users/${owner.id}/unban`,
        headers: { cookie: admin.cookie },
      });
      await expect.poll(() => statuses(b.app, rows)).toEqual([200, 200, 201]);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
      await sink.close();
    }
  });
});

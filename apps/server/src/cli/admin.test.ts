/**
 * `npm run admin -- …` (ban, unban, grant-admin, revoke-admin, unpublish, disable-api,
 * enable-api), as a separate process, beside a running app that it reaches through the database.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { authMessages } from '@mocksmith/core';
import { galleryMessages } from '@mocksmith/core/gallery';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { insertApi } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { apis } from '../db/schema/apis.ts';
import { moderationActions } from '../db/schema/gallery.ts';
import { serverRoot } from '../paths.ts';

const run = promisify(execFile);

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Runs the admin command against the test database; resolves to its exit code and output. */
async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', ...args],
      { cwd: serverRoot, env: { ...process.env, DATABASE_URL: t.database.url } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('bans an account, whose session is refused as suspended and login as banned, and unbans it', async () => {
  const steps = accountSteps(t.app, sink);
  const { cookie } = await steps.signUp('troll@example.test');

  const ban = await admin('ban', 'Troll@Example.test');
  expect(ban).toMatchObject({
    code: 0,
    stdout:
      'Banned troll@example.test; their next request is refused as suspended, and their mock URLs answer 403.\n',
  });
  const me = await steps.me(cookie);
  expect(me.statusCode).toBe(403);
  expect(me.json().message).toBe(authMessages.suspended);
  const login = await steps.login('troll@example.test');
  expect(login.statusCode).toBe(403);
  expect(login.json().message).toBe(authMessages.banned);

  expect((await admin('unban', 'troll@example.test')).code).toBe(0);
  expect((await steps.login('troll@example.test')).statusCode).toBe(200);
});

it('says what is wrong with a bad command or an unknown address', async () => {
  const usage = await admin('ban');
  expect(usage.code).toBe(2);
  expect(usage.stderr).toBe(
    'Usage: npm run admin -- ban EMAIL | unban EMAIL | grant-admin EMAIL | revoke-admin EMAIL | unpublish TEMPLATE_ID | disable-api API_ID | enable-api API_ID\n',
  );
  const unknown = await admin('ban', 'nobody@example.test');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('No account has the e-mail address nobody@example.test\n');
});

it('grants and revokes the admin role and unpublishes a template, each logged without an admin', async () => {
  const steps = accountSteps(t.app, sink);
  const { cookie } = await steps.signUp('mod@example.test');
  expect(await admin('grant-admin', 'mod@example.test')).toMatchObject({
    code: 0,
    stdout: 'mod@example.test is now an administrator.\n',
  });
  expect((await steps.me(cookie)).json().isAdmin).toBe(true);
  const queue = await t.app.inject({
    method: 'GET',
    url: '/backend/admin/reports',
    headers: { cookie },
  });
  expect(queue.statusCode).toBe(200);
  expect((await admin('revoke-admin', 'mod@example.test')).code).toBe(0);
  expect((await steps.me(cookie)).json().isAdmin).toBe(false);

  const shared = await insertApi(t.database.db, {
    isPublic: true,
    category: 'blog',
    description: 'A shared template for the CLI test',
  });
  expect(await admin('unpublish', shared.id)).toMatchObject({ code: 0 });
  const [row] = await t.database.db.select().from(apis).where(eq(apis.id, shared.id));
  expect(row?.isPublic).toBe(false);
  const official = await admin('unpublish', '0fc1a100-0000-4000-8000-000000000001');
  expect(official).toMatchObject({
    code: 1,
    stderr: `${galleryMessages.officialNotUnpublished}\n`,
  });

  const log = await t.database.db
    .select()
    .from(moderationActions)
    .orderBy(desc(moderationActions.createdAt));
  expect(log.map((entry) => entry.action).slice(0, 3)).toEqual([
    'unpublish',
    'revoke-admin',
    'grant-admin',
  ]);
  expect(log.every((entry) => entry.adminId === null && entry.adminName === null)).toBe(true);
});

/** The status and message (or body) of one call of the API's mock URL. */
async function mockCall(requestId: string) {
  const res = await t.app.inject(`/api/${requestId}`);
  return [res.statusCode, res.statusCode === 200 ? res.json() : res.json().message];
}

it("stops the running app's mock URLs of a banned account, without a restart, and unban restores them", async () => {
  const { user } = await accountSteps(t.app, sink).signUp('mocker@example.test');
  const rows = [
    await insertApi(t.database.db, { ownerId: user.userId, template: { mine: 1 } }),
    await insertApi(t.database.db, { ownerId: user.userId, template: { mine: 2 } }),
  ];
  // Cached by the running app, as on a busy server.
  for (const row of rows) expect(await mockCall(row.requestId)).toEqual([200, expect.anything()]);

  expect((await admin('ban', 'mocker@example.test')).code).toBe(0);
  for (const row of rows) {
    await expect.poll(() => mockCall(row.requestId)).toEqual([403, authMessages.suspended]);
  }
  expect((await admin('unban', 'mocker@example.test')).code).toBe(0);
  await expect.poll(() => mockCall(rows[0]!.requestId)).toEqual([200, { mine: 1 }]);
  await expect.poll(() => mockCall(rows[1]!.requestId)).toEqual([200, { mine: 2 }]);
});

it('disables an API from the command line (403 with the reason) and enables it again, each logged', async () => {
  const row = await insertApi(t.database.db, { name: 'Spam API', template: { spam: true } });
  expect(await mockCall(row.requestId)).toEqual([200, { spam: true }]);

  expect(await admin('disable-api', row.id)).toMatchObject({
    code: 0,
    stdout: `Disabled "Spam API" (${row.id}); its mock URLs answer 403.\n`,
  });
  await expect.poll(() => mockCall(row.requestId)).toEqual([403, galleryMessages.apiDisabled]);
  expect(await admin('enable-api', row.id)).toMatchObject({
    code: 0,
    stdout: `Enabled "Spam API" (${row.id}); its mock URLs answer again.\n`,
  });
  await expect.poll(() => mockCall(row.requestId)).toEqual([200, { spam: true }]);

  const log = await t.database.db
    .select()
    .from(moderationActions)
    .orderBy(desc(moderationActions.createdAt))
    .limit(2);
  expect(log.map((entry) => [entry.action, entry.apiId])).toEqual([
    ['enable-api', row.id],
    ['disable-api', row.id],
  ]);
  const unknown = await admin('disable-api', '00000000-0000-4000-8000-00000000dead');
  expect(unknown).toMatchObject({
    code: 1,
    stderr: 'No template has the id 00000000-0000-4000-8000-00000000dead\n',
  });
});

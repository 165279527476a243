/** `npm run admin -- …` (ban, unban, grant-admin, revoke-admin, unpublish), as a separate process. */
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
    stdout: 'Banned troll@example.test; their next request is refused as suspended.\n',
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
    'Usage: npm run admin -- ban EMAIL | unban EMAIL | grant-admin EMAIL | revoke-admin EMAIL | unpublish TEMPLATE_ID\n',
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

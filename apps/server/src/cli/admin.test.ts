/** `npm run admin -- ban EMAIL` and `unban EMAIL`, run as a separate process on the database. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { authMessages } from '@mocksmith/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
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

it('bans an account, which is signed out at once and refused at login, and unbans it', async () => {
  const steps = accountSteps(t.app, sink);
  const { cookie } = await steps.signUp('troll@example.test');

  const ban = await admin('ban', 'Troll@Example.test');
  expect(ban).toMatchObject({
    code: 0,
    stdout: 'Banned troll@example.test; their sessions have ended.\n',
  });
  expect((await steps.me(cookie)).statusCode).toBe(401);
  const login = await steps.login('troll@example.test');
  expect(login.statusCode).toBe(403);
  expect(login.json().message).toBe(authMessages.banned);

  expect((await admin('unban', 'troll@example.test')).code).toBe(0);
  expect((await steps.login('troll@example.test')).statusCode).toBe(200);
});

it('says what is wrong with a bad command or an unknown address', async () => {
  const usage = await admin('ban');
  expect(usage.code).toBe(2);
  expect(usage.stderr).toBe('Usage: npm run admin -- ban EMAIL | unban EMAIL\n');
  const unknown = await admin('ban', 'nobody@example.test');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('No account has the e-mail address nobody@example.test\n');
});

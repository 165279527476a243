/**
 * The log of a fault run: the database fails under every kind of call that carries a secret or
 * an address (a session cookie, a sign-in, a reset request, a history lookup by address), and
 * the log, read as a whole, holds none of them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSteps, PASSWORD } from '../../test/accounts.ts';
import { buildTestApp, loggerInto, type TestApp } from '../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

let sink: SmtpSink;
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url }, { logger: loggerInto(lines) });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Renames a table for the length of `run`, so that every statement on it fails. */
async function withoutTable(table: string, run: () => Promise<void>): Promise<void> {
  await t.database.pool.query(`alter table "${table}" rename to "${table}_away"`);
  try {
    await run();
  } finally {
    await t.database.pool.query(`alter table "${table}_away" rename to "${table}"`);
  }
}

it('writes no session token, password or e-mail address to the log when the database fails', async () => {
  const steps = accountSteps(t.app, sink);
  const email = 'fault.person@example.test';
  const other = 'someone.else@example.test';
  const { cookie } = await steps.signUp(email);
  const sessionToken = decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0]!;
  expect(sessionToken.length).toBeGreaterThan(10);
  lines.length = 0;

  await withoutTable('sessions', async () => {
    expect((await steps.me(cookie)).statusCode).toBeGreaterThanOrEqual(500);
    const created = await t.app.inject({
      method: 'POST',
      url: '/backend/crud/user',
      headers: { cookie },
      payload: { name: 'Faulty', requestEnum: 'GET', template: '{"ok":"boolean"}' },
    });
    expect(created.statusCode).toBeGreaterThanOrEqual(500);
  });
  await withoutTable('users', async () => {
    expect((await steps.login(email)).statusCode).toBeGreaterThanOrEqual(500);
    await t.app.inject({
      method: 'POST',
      url: '/backend/user/forgot-password',
      payload: { email: other },
    });
    await steps.register(other);
  });
  await withoutTable('history', async () => {
    const history = await t.app.inject({
      url: `/backend/history/${encodeURIComponent(email)}`,
      headers: { cookie },
    });
    expect(history.statusCode).toBeGreaterThanOrEqual(500);
  });

  const log = lines.join('');
  // The faults were logged: the test would pass on an empty log otherwise.
  expect(log).toMatch(/"level":50/);
  for (const secret of [sessionToken, PASSWORD, email, other, 'fault.person', 'someone.else'])
    expect(log, `the log holds ${secret}`).not.toContain(secret);
  expect(log).not.toContain(encodeURIComponent(email));
});

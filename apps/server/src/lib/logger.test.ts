/**
 * What the log of a whole account's life holds: the requests, and none of the secrets that
 * travel in them (the password, the verification token, the session cookie, a bearer token).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountSteps, cookieOf, PASSWORD } from '../../test/accounts.ts';
import { buildTestApp, loggerInto, type TestApp } from '../../test/helper.ts';
import { linkIn, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { redactUrl } from './logger.ts';

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

it('logs every request of sign-up, verification, login and a token-protected call without a secret', async () => {
  const steps = accountSteps(t.app, sink);
  const email = 'logged@example.test';
  expect((await steps.register(email)).statusCode).toBe(201);
  const mail = await sink.waitForMail(email, /Confirm your e-mail/);
  const token = linkIn(mail, '/verify-email/').pathname.slice('/verify-email/'.length);
  expect((await steps.followVerificationMail(email)).statusCode).toBe(200);
  const login = await steps.login(email);
  const cookie = cookieOf(login);
  const sessionValue = cookie.split('=').slice(1).join('=').split(';')[0] as string;
  const created = await t.app.inject({
    method: 'POST',
    url: '/backend/crud/user',
    headers: { cookie },
    payload: { name: 'Guarded', requestEnum: 'GET', template: '{"ok":"boolean"}' },
  });
  expect(created.statusCode).toBe(201);
  await t.app.inject({
    url: `/api/${created.json().requestId}?token=a-query-secret`,
    headers: { authorization: 'Bearer a-bearer-secret' },
  });

  const log = lines.join('');
  expect(log).toContain('/backend/user/verify/[redacted]');
  expect(log).toContain('token=[redacted]');
  for (const secret of [PASSWORD, token, sessionValue, 'a-bearer-secret', 'a-query-secret'])
    expect(log).not.toContain(secret);
});

it('redacts token segments and credential-named query values, and keeps the rest', () => {
  expect(redactUrl('/reset-password/abc.def')).toBe('/reset-password/[redacted]');
  expect(redactUrl('/backend/auth/google/callback?code=x&state=y&page=2')).toBe(
    '/backend/auth/google/callback?code=[redacted]&state=[redacted]&page=2',
  );
  expect(redactUrl('/api/abc/users?limit=5')).toBe('/api/abc/users?limit=5');
});

it('logs a mock URL without its credentials or e-mail addresses', async () => {
  const secrets = {
    client_secret: 'cs-0001-secret',
    jwt: 'eyJhbGciOi.jwt-0002',
    sig: 'sig-0003-secret',
    'X-Amz-Signature': 'amz-0004-secret',
    key: 'key-0005-secret',
    code: 'code-0006-secret',
  };
  const query = new URLSearchParams({ ...secrets, email: 'bob@example.org', page: '2' });
  await t.app.inject({ url: `/p/no-such-project/users/ada@example.com?${query}` });
  const log = lines.join('');
  expect(log).toContain('/p/no-such-project/users/[email]?client_secret=[redacted]');
  expect(log).toContain('&email=[email]&page=2');
  for (const secret of [...Object.values(secrets), 'ada@example.com', 'bob%40example.org'])
    expect(log).not.toContain(secret);
});

it('redacts the request inspector’s secret names, and OAuth’s state on the sign-in paths only', () => {
  expect(redactUrl('/api/abc?jwt=a&sig=b&X-Amz-Signature=c&key=d&state=open&sort_key=name')).toBe(
    '/api/abc?jwt=[redacted]&sig=[redacted]&X-Amz-Signature=[redacted]&key=[redacted]&state=open&sort_key=name',
  );
});

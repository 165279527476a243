/**
 * The NUL character (U+0000) anywhere a client can put it: PostgreSQL refuses it in text, so
 * each of these reached the database and answered 500 before the edge refused it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { apiCalls } from '../../test/user-apis.ts';

let t: TestApp;
let sink: SmtpSink;
let cookie: string;
let calls: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = apiCalls(t.app);
  ({ cookie } = await accountSteps(t.app, sink).signUp('nul@example.test'));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

function expectRefused(
  res: { statusCode: number; json(): { code: string; message: string } },
  where: string,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().message).toBe(
    `${where} contains the NUL character (U+0000), which is not allowed`,
  );
}

describe('a NUL character', () => {
  it.each([
    ['name', { name: 'Orders\u0000' }],
    ['description', { description: 'A list\u0000 of orders' }],
    ['tags.1', { tags: ['shop', 'ord\u0000ers'] }],
    ['customEndpoint', { customEndpoint: '/orders\u0000' }],
    ['customHeaders.0.value', { customHeaders: [{ name: 'X-A', value: 'a\u0000' }] }],
  ])('in a saved API’s %s: 400 naming the field', async (where, body) => {
    expectRefused(await calls.create(cookie, body), where);
  });

  it('in a key of a JSON body: 400 naming it', async () => {
    const res = await calls.create(cookie, { 'x\u0000': 1 });
    expectRefused(res, 'x\u0000');
  });

  it('in an anonymous API’s name: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/crud',
      payload: { template: '{"id":"uuid"}', name: 'Demo\u0000' },
    });
    expectRefused(res, 'name');
  });

  it.each([
    ['a username', { email: 'n1@example.test', password: 'long-enough-1', username: 'Nul\u0000' }],
    [
      'an e-mail address',
      { email: 'n2\u0000@example.test', password: 'long-enough-1', username: 'N' },
    ],
  ])('in %s at registration: 400', async (_label, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/backend/user/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/contains the NUL character/);
  });

  it('in a login: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { email: 'nul@example.test\u0000', password: 'x' },
    });
    expectRefused(res, 'email');
  });

  it('in a reset token: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: 'abc\u0000', password: 'long-enough-1' },
    });
    expectRefused(res, 'token');
  });

  it.each([
    '/api/abc%00',
    '/backend/apitemplate/get/abc%00',
    '/backend/apitemplate/get/abc/orders%00',
    '/backend/user/verify/abc%00def',
    `/backend/history/${encodeURIComponent('a\u0000@example.test')}`,
  ])('in the URL path %s, even of a public mock URL: 400', async (url) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expectRefused(res, 'The URL path');
  });

  it('in a query string: 400', async () => {
    const res = await t.app.inject('/api/weather?sort=name%00');
    expectRefused(res, 'The query string');
  });

  it('leaves the service working for everyone else', async () => {
    expect((await t.app.inject('/backend/health')).statusCode).toBe(200);
    expect((await calls.create(cookie, { name: 'Fine' })).statusCode).toBe(201);
  });
});

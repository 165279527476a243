/**
 * The headers a mock API may not set, refused with the reason at create and at update: the
 * policies of the app's own pages (framing, cross-origin isolation, Permissions-Policy), and
 * WWW-Authenticate on an API that does not answer 401 (checked on the headers and the status as
 * they will be stored, either of which the update may leave as it is).
 */
import { apiMessages, type UserApi } from '@mocksmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls, updateBody } from '../../../test/user-apis.ts';

let t: TestApp;
let sink: SmtpSink;
let cookie: string;
let userId: string;
let calls: ReturnType<typeof apiCalls>;
let endpoints = 0;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = apiCalls(t.app);
  const signedUp = await accountSteps(t.app, sink).signUp('headers@example.test');
  cookie = signedUp.cookie;
  userId = signedUp.user.userId;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Creates an API (its own endpoint, so creates never clash) and returns it as listed. */
async function created(body: Record<string, unknown> = {}): Promise<UserApi> {
  const res = await calls.create(cookie, { customEndpoint: `/h${++endpoints}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  const list = (await calls.list(cookie, userId)).json() as UserApi[];
  const api = list.find((item) => item.requestId === res.json().requestId);
  if (!api) throw new Error('the created API is not listed');
  return api;
}

const POLICIES = [
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Permissions-Policy', 'camera=()'],
] as const;

describe('the page policies', () => {
  it.each(POLICIES)('refuses %s at create and at update, saying why', async (name, value) => {
    const customHeaders = [{ name, value }];
    const create = await calls.create(cookie, { customEndpoint: '/refused', customHeaders });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(`customHeaders.0.name: ${apiMessages.headerReserved(name)}`);

    const api = await created();
    const update = await calls.update(cookie, updateBody(api, { customHeaders }));
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(`customHeaders.0.name: ${apiMessages.headerReserved(name)}`);
  });
});

describe('WWW-Authenticate', () => {
  const challenge = [{ name: 'WWW-Authenticate', value: 'Basic realm="x"' }];

  it('is refused at create on an API that answers another status than 401', async () => {
    const res = await calls.create(cookie, {
      customEndpoint: '/challenge',
      option: { delay: 0, authToken: null, httpCode: 200 },
      customHeaders: challenge,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `customHeaders.0.name: ${apiMessages.headerNeeds401('WWW-Authenticate')}`,
    );
  });

  it('is kept and served on a 401, and an update that leaves one side as stored is checked whole', async () => {
    const api = await created({
      option: { delay: 0, authToken: null, httpCode: 401 },
      customHeaders: challenge,
    });
    const served = await calls.callShort(api);
    expect(served.statusCode).toBe(401);
    expect(served.headers['www-authenticate']).toBe('Basic realm="x"');

    // The status changes, the stored header stays: refused.
    const toOk = await calls.update(
      cookie,
      updateBody(api, { option: { ...api.option, httpCode: 200 } }),
    );
    expect([toOk.statusCode, toOk.json().message]).toEqual([
      400,
      apiMessages.headerNeeds401('WWW-Authenticate'),
    ]);

    // On an API that answers 200, the header without the status: refused too.
    const plain = await created();
    const { option: _kept, ...withoutOption } = updateBody(plain, { customHeaders: challenge });
    const headerOnly = await calls.update(cookie, withoutOption);
    expect([headerOnly.statusCode, headerOnly.json().message]).toEqual([
      400,
      apiMessages.headerNeeds401('WWW-Authenticate'),
    ]);
    // Neither was stored: both answer as before.
    expect((await calls.callShort(api)).statusCode).toBe(401);
    expect((await calls.callShort(plain)).headers['www-authenticate']).toBeUndefined();
  });
});

/**
 * The size of an answer is bounded, played as it was reported: a signed-in user's template of
 * 250 KB, `[{"__multiply":"1000-1000","a":"<a 250,000-character literal>"}]`, answered 250 MB a
 * call, and 16 concurrent calls took the server to 8 GiB. Now it is refused when saved or
 * previewed, and one saved before the limit stops generating past it.
 */
import { ErrorCode } from '@mocksmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls } from '../../../test/user-apis.ts';

const HUGE = JSON.stringify([{ __multiply: '1000-1000', a: 'x'.repeat(250_000) }]);
const REFUSAL =
  'Template could generate answers of up to 238.5 MiB; the limit is 10 MiB per answer. Lower the __multiply upper bounds or shorten long literals';

let t: TestApp;
let sink: SmtpSink;
let cookie: string;
let userId: string;
let calls: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = apiCalls(t.app);
  const account = await accountSteps(t.app, sink).signUp('big@example.test');
  cookie = account.cookie;
  userId = account.user.userId;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('the size of an answer', () => {
  it('refuses to save a template whose answer could pass 10 MiB, saying so', async () => {
    const res = await calls.create(cookie, { template: HUGE });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE,
      message: REFUSAL,
    });
  });

  it('refuses to preview it', async () => {
    const res = await calls.call('POST', '/backend/apitemplate/preview', cookie, {
      template: JSON.parse(HUGE),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE);
  });

  it('refuses to update an API to it, and keeps serving the previous version', async () => {
    const created = await calls.create(cookie, { template: '{"ok":"boolean"}' });
    expect(created.statusCode).toBe(201);
    const { id, requestId } = created.json();
    expect((await calls.list(cookie, userId)).statusCode).toBe(200);
    const res = await calls.update(cookie, { id, name: 'Big', template: HUGE, requestEnum: 'GET' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE);
    const served = await t.app.inject(`/api/${requestId}`);
    expect(served.statusCode).toBe(200);
    expect(Object.keys(served.json())).toEqual(['ok']);
  });

  it('stops generating past the limit for one saved before it, under 16 concurrent calls', async () => {
    // Stored as an older version of the service let it be.
    const row = await insertApi(t.database.db, { template: HUGE });
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => t.app.inject(`/api/${row.requestId}`)),
    );
    // Four at once are made (MOCK_LARGE_ANSWERS_PER_API); the others are turned away at once.
    const made = answers.filter((res) => res.statusCode !== 429);
    expect(made.length).toBe(4);
    for (const res of answers.filter((res) => res.statusCode === 429)) {
      expect(res.json().message).toMatch(/^Too many large answers of this mock API at once/);
    }
    for (const res of made) {
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        code: ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE,
        message:
          'The generated answer passed the limit of 10 MiB per answer and was stopped. Lower the __multiply upper bounds or shorten long literals',
      });
      expect(res.body.length).toBeLessThan(1000);
    }
    // 16 bodies of 250 MB would take 4 GB; each is stopped after about 10 MB instead.
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
    expect((await t.app.inject('/backend/health')).statusCode).toBe(200);
  });
});

describe('MOCK_MAX_RESPONSE_BYTES', () => {
  it('sets the limit, for anonymous APIs too', async () => {
    const small = await buildTestApp({ MOCK_MAX_RESPONSE_BYTES: '20000' });
    try {
      const template = JSON.stringify([{ __multiply: '1000-1000', id: 'uuid' }]);
      const res = await small.app.inject({
        method: 'POST',
        url: '/backend/crud',
        payload: { template },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.TEMPLATE_RESPONSE_TOO_LARGE);
      expect(res.json().message).toMatch(/the limit is 19\.5 KiB per answer/);
      const fits = await small.app.inject({
        method: 'POST',
        url: '/backend/crud',
        payload: { template: JSON.stringify([{ __multiply: '10-10', id: 'uuid' }]) },
      });
      expect(fits.statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

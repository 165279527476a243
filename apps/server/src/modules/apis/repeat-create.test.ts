/**
 * A create form sent twice (a double click, a retry of a call that went through): the same
 * user's create of the same API (name, template, method, endpoint) within REPEAT_CREATE_WINDOW_S
 * seconds of the first is refused with 409 API_JUST_CREATED, and nothing more is written.
 */
import { apiMessages, ErrorCode, type UserApi } from '@mocksmith/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls } from '../../../test/user-apis.ts';
import { apis } from '../../db/schema/apis.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof apiCalls>;
let ann: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, REPEAT_CREATE_WINDOW_S: '10' });
  calls = apiCalls(t.app);
  const steps = accountSteps(t.app, sink);
  const signUp = async (email: string) => {
    const { cookie, user } = await steps.signUp(email);
    return { cookie, userId: user.userId };
  };
  ann = await signUp('ann.repeat@example.test');
  bob = await signUp('bob.repeat@example.test');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
/** A create body no other test sends. */
const fresh = (overrides: Record<string, unknown> = {}) => ({
  name: `Orders ${++counter}`,
  ...overrides,
});

async function listOf(account: { cookie: string; userId: string }): Promise<UserApi[]> {
  return (await calls.list(account.cookie, account.userId)).json();
}

describe('the same create sent twice', () => {
  it('answers 409 with a message that says so and names the first API, and creates one', async () => {
    const body = fresh({ customEndpoint: 'orders/recent' });
    const first = await calls.create(ann.cookie, body);
    expect(first.statusCode).toBe(201);
    const again = await calls.create(ann.cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      code: ErrorCode.API_JUST_CREATED,
      message: apiMessages.justCreated,
      details: { id: first.json().id, requestId: first.json().requestId },
    });
    expect((await listOf(ann)).filter((api) => api.name === body.name)).toHaveLength(1);
  });

  it('refuses it without a custom endpoint too, where nothing else would', async () => {
    const body = fresh();
    expect((await calls.create(ann.cookie, body)).statusCode).toBe(201);
    expect((await calls.create(ann.cookie, { ...body, customEndpoint: '' })).statusCode).toBe(409);
    expect((await listOf(ann)).filter((api) => api.name === body.name)).toHaveLength(1);
  });

  it('lets one of two identical creates sent at once through', async () => {
    const body = fresh();
    const answers = await Promise.all([
      calls.create(ann.cookie, body),
      calls.create(ann.cookie, body),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect((await listOf(ann)).filter((api) => api.name === body.name)).toHaveLength(1);
  });

  it('creates an API that differs in name, template, method or endpoint, or is another user’s', async () => {
    const body = fresh();
    expect((await calls.create(ann.cookie, body)).statusCode).toBe(201);
    for (const changed of [
      { name: `${body.name} copy` },
      { template: '{"id":"uuid"}' },
      { requestEnum: 'POST' },
      { customEndpoint: 'other' },
    ]) {
      expect((await calls.create(ann.cookie, { ...body, ...changed })).statusCode).toBe(201);
    }
    expect((await calls.create(bob.cookie, body)).statusCode).toBe(201);
  });

  it('creates it again once the window has passed', async () => {
    const body = fresh();
    const first = await calls.create(ann.cookie, body);
    expect(first.statusCode).toBe(201);
    // As if the first were created 11 seconds ago.
    await t.database.db
      .update(apis)
      .set({ createdAt: sql`now() - interval '11 seconds'` })
      .where(eq(apis.id, first.json().id));
    expect((await calls.create(ann.cookie, body)).statusCode).toBe(201);
  });
});

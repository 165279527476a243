/** `GET /backend/history/{email}`: the Recent Activity list, written by the template calls. */
import { apiMessages, historyListSchema } from '@mocksmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls, updateBody } from '../../../test/user-apis.ts';
import { history } from '../../db/schema/history.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof apiCalls>;
let steps: ReturnType<typeof accountSteps>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = apiCalls(t.app);
  steps = accountSteps(t.app, sink);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function signUp(email: string) {
  const { cookie, user } = await steps.signUp(email);
  return { cookie, userId: user.userId, email };
}

/** The user's history as the dashboard gets it. */
async function historyOf(account: { cookie: string; email: string }) {
  const res = await calls.history(account.cookie, account.email);
  expect(res.statusCode).toBe(200);
  return historyListSchema.parse(res.json()).messageHistoryList;
}

describe('GET /backend/history/{email}', () => {
  it('lists what the user did to their APIs, newest first, not cached', async () => {
    const dana = await signUp('dana@example.test');
    const empty = await calls.history(dana.cookie, dana.email);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ messageHistoryList: [] });
    expect(empty.headers['cache-control']).toBe('no-store');

    const create = await calls.create(dana.cookie, { name: 'Users', customEndpoint: '/users' });
    expect(create.statusCode).toBe(201);
    const [api] = (await calls.list(dana.cookie, dana.userId)).json();
    const update = await calls.update(
      dana.cookie,
      updateBody(api, { name: 'People', option: { delay: 0, authToken: null, httpCode: 500 } }),
    );
    expect(update.statusCode).toBe(200);
    const remove = await calls.remove(dana.cookie, {
      idTemplate: api.id,
      idRequest: api.requestId,
      userId: dana.userId,
    });
    expect(remove.statusCode).toBe(200);

    const entries = await historyOf(dana);
    expect(entries.map(({ typeMessage, message }) => ({ typeMessage, message }))).toEqual([
      { typeMessage: 'DELETE', message: 'Deleted API "People"' },
      {
        typeMessage: 'WARN',
        message: `API "People": ${apiMessages.errorStatusWarning(500)}`,
      },
      { typeMessage: 'UPDATE', message: 'Updated API "People" (renamed from "Users")' },
      { typeMessage: 'CREATE', message: 'Created API "Users" (GET /users)' },
    ]);
    const times = entries.map((entry) => Date.parse(entry.createdAt));
    expect(entries[0]!.createdAt).toBe(new Date(times[0]!).toISOString());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('puts a creation’s warning above it, and writes nothing for a refused change', async () => {
    const eve = await signUp('eve@example.test');
    expect(
      (
        await calls.create(eve.cookie, {
          name: 'Failing',
          option: { delay: 0, authToken: null, httpCode: 429 },
        })
      ).statusCode,
    ).toBe(201);
    const [api] = (await calls.list(eve.cookie, eve.userId)).json();
    const before = await historyOf(eve);
    expect(before.map((entry) => entry.typeMessage)).toEqual(['WARN', 'CREATE']);
    expect(before[0]!.message).toBe(`API "Failing": ${apiMessages.errorStatusWarning(429)}`);

    const refused = [
      await calls.update(eve.cookie, updateBody(api, { template: '{"x": ' })),
      await calls.update(eve.cookie, updateBody(api, { isPublic: true })),
      await calls.create(eve.cookie, { name: '' }),
      await calls.remove(eve.cookie, { idTemplate: '00000000-0000-4000-8000-000000000000' }),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([400, 400, 400, 404]);
    expect(await historyOf(eve)).toEqual(before);
  });

  it('takes the address in any case', async () => {
    const fay = await signUp('fay@example.test');
    expect((await calls.create(fay.cookie)).statusCode).toBe(201);
    const res = await calls.history(fay.cookie, 'Fay@Example.TEST');
    expect(res.statusCode).toBe(200);
    expect(res.json().messageHistoryList).toHaveLength(1);
  });

  it('answers the 50 newest entries at most', async () => {
    const gus = await signUp('gus@example.test');
    const start = Date.parse('2026-01-01T00:00:00Z');
    await t.database.db.insert(history).values(
      Array.from({ length: 60 }, (_, i) => ({
        ownerId: gus.userId,
        typeMessage: 'CREATE' as const,
        message: `Entry ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const entries = await historyOf(gus);
    expect(entries).toHaveLength(50);
    expect(entries[0]!.message).toBe('Entry 59');
    expect(entries[49]!.message).toBe('Entry 10');
  });

  it('answers 403 for another user’s address, 401 without a session', async () => {
    const hal = await signUp('hal@example.test');
    const ivy = await signUp('ivy@example.test');
    expect((await calls.create(hal.cookie, { name: 'Private' })).statusCode).toBe(201);

    const other = await calls.history(ivy.cookie, hal.email);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: apiMessages.forbidden,
    });
    expect(JSON.stringify(other.json())).not.toContain('Private');
    expect((await calls.history(undefined, hal.email)).statusCode).toBe(401);
    // Each sees only their own entries.
    expect(await historyOf(ivy)).toEqual([]);
    expect(await historyOf(hal)).toHaveLength(1);
  });
});

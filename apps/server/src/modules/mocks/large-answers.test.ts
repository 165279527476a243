/**
 * Large answers (a worst case of MOCK_LARGE_ANSWER_BYTES or more) are made in a worker thread,
 * within caps and a budget per API: the answers are those of the event loop's path, and a limit
 * met answers 429 with Retry-After and a message naming it. The load itself, with its timings
 * and memory, is heavy-answers.load.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { expectMockAnswer, MOCK_CASES } from '../../../test/mock-cases/cases.ts';
import { users } from '../../db/schema/auth.ts';

/** About 4.5 KB a body, 5.7 KB at worst. */
const LIST = [{ __multiply: '100-100', id: 'uuid' }];

describe('every mock case answered from a worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every API is "large": each answer goes through the worker.
    t = await buildTestApp({
      MOCK_LARGE_ANSWER_BYTES: '1',
      MOCK_LARGE_ANSWERS_PER_API: '100',
      MOCK_LARGE_ANSWERS: '100',
    });
  });
  afterAll(() => t.close());

  it.each(MOCK_CASES)('$name', async ({ api, request, expect: want }) => {
    const row = await insertApi(t.database.db, api);
    const res = await t.app.inject({
      method: request.method,
      url: `/api/${row.requestId}${request.suffix ?? ''}`,
      headers: request.headers,
      payload: request.body,
    });
    expectMockAnswer(res, want);
  });

  it('answers a seeded page byte for byte as the event loop does', async () => {
    const inline = await buildTestApp({}, { database: t.database });
    try {
      const row = await insertApi(t.database.db, { template: LIST });
      const url = `/api/${row.requestId}?seed=7&sort=id&page=2&limit=5`;
      const [worker, loop] = [await t.app.inject(url), await inline.app.inject(url)];
      expect(worker.statusCode).toBe(200);
      expect(worker.body).toBe(loop.body);
      expect(worker.headers['x-total-count']).toBe('100');
      expect(worker.headers.link).toBe(loop.headers.link);
    } finally {
      await inline.close();
    }
  });
  it('compresses a large answer from a worker for a client that accepts it', async () => {
    const row = await insertApi(t.database.db, { template: LIST });
    const zipped = await t.app.inject({
      url: `/api/${row.requestId}?seed=3`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const plain = await t.app.inject(`/api/${row.requestId}?seed=3`);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('sends the compressed answer whole over a real connection', async () => {
    const row = await insertApi(t.database.db, { template: LIST });
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // fetch asks for gzip and inflates it, as a browser does.
    const res = await fetch(`${origin}/api/${row.requestId}?seed=3`);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.app.inject(`/api/${row.requestId}?seed=3`);
    expect(await res.text()).toBe(plain.body);
  });
});

describe('the limits of large answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      MOCK_LARGE_ANSWER_BYTES: '1024',
      MOCK_LARGE_ANSWERS_PER_API: '2',
      MOCK_LARGE_ANSWERS_PER_ACCOUNT: '3',
      MOCK_API_BYTES_PER_MINUTE: '20000',
      MOCK_ACCOUNT_BYTES_PER_MINUTE: '30000',
    });
  });
  afterAll(() => t.close());

  it('answers 429 past the bytes one API may send a minute, naming the budget; other APIs still answer', async () => {
    const big = await insertApi(t.database.db, { template: LIST });
    const other = await insertApi(t.database.db, { template: LIST });
    const small = await insertApi(t.database.db, { template: { id: 'uuid' } });
    let answered = 0;
    let refused: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    while (!refused && answered < 20) {
      const res = await t.app.inject(`/api/${big.requestId}`);
      if (res.statusCode === 200) answered++;
      else refused = res;
    }
    // 20,000 bytes are 4 or 5 bodies of about 4.5 KB; the next is refused.
    expect(answered).toBeGreaterThanOrEqual(4);
    expect(answered).toBeLessThanOrEqual(5);
    expect(refused?.statusCode).toBe(429);
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused?.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `This mock API sent its budget of 19.5 KiB of large answers this minute. Try again in ${wait} seconds`,
    });
    expect((await t.app.inject(`/api/${other.requestId}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/${small.requestId}`)).statusCode).toBe(200);
  });

  it("answers 429 past the bytes one account's APIs may send a minute, naming the account's budget", async () => {
    const ownerId = randomUUID();
    await t.database.db
      .insert(users)
      .values({ id: ownerId, name: 'Heavy', email: `${ownerId}@example.test` });
    const first = await insertApi(t.database.db, { template: LIST, ownerId });
    const second = await insertApi(t.database.db, { template: LIST, ownerId });
    const anonymous = await insertApi(t.database.db, { template: LIST });
    // The first API spends its own 20,000 bytes; the second then meets the account's 30,000.
    while ((await t.app.inject(`/api/${first.requestId}`)).statusCode === 200);
    let refused = await t.app.inject(`/api/${second.requestId}`);
    for (let calls = 0; refused.statusCode === 200 && calls < 10; calls++) {
      refused = await t.app.inject(`/api/${second.requestId}`);
    }
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^This mock API's account sent its budget of 29\.3 KiB of large answers this minute\. Try again in \d+ seconds$/,
    );
    expect((await t.app.inject(`/api/${anonymous.requestId}`)).statusCode).toBe(200);
  });

  it('makes at most MOCK_LARGE_ANSWERS_PER_API answers of one API at once, the others 429 at once', async () => {
    const big = await insertApi(t.database.db, { template: LIST });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject(`/api/${big.requestId}`)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 429, 429]);
    for (const res of answers.filter((answer) => answer.statusCode === 429)) {
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().message).toBe(
        'Too many large answers of this mock API at once: at most 2 are made at a time. Try again in 1 second',
      );
    }
    // The places are given back once the answers are sent.
    expect((await t.app.inject(`/api/${big.requestId}`)).statusCode).toBe(200);
  });
});

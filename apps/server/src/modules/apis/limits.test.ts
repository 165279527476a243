/**
 * The limits on what a client controls that are not a rate of mock calls: previews per minute
 * (refused before the body is read), anonymous creations per day, and the number of APIs one
 * account may have, imports included (an import that would pass it creates nothing).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { PETS_YAML, upload } from '../../../test/openapi.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls } from '../../../test/user-apis.ts';
import { apis } from '../../db/schema/apis.ts';

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({
    SMTP_URL: sink.url,
    PREVIEW_RATE_LIMIT: '3',
    CREATE_DAILY_LIMIT: '2',
    MAX_APIS_PER_ACCOUNT: '3',
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('previews', () => {
  it('answers 3 a minute per client, then 429 naming the limit, whatever the body', async () => {
    const preview = (ip: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/apitemplate/preview',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: ip,
      });
    const body = JSON.stringify({ template: { id: 'uuid' } });
    for (let i = 0; i < 3; i++) expect((await preview('203.0.113.1', body)).statusCode).toBe(200);
    // Not even read: a body that is not JSON gets the 429, not a 400.
    const refused = await preview('203.0.113.1', '{not json');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Rate limit exceeded: at most 3 requests per 1 minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await preview('203.0.113.2', body)).statusCode).toBe(200);
  });
});

describe('anonymous creations', () => {
  it('answers 2 a day per client, then 429', async () => {
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/backend/crud',
        payload: { template: '{"id":"uuid"}' },
        remoteAddress: '198.51.100.77',
      });
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(201);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/at most 2 requests per 1 day/);
  });
});

describe('APIs per account', () => {
  it('refuses the API past the limit, and an import that would pass it, creating nothing', async () => {
    const { cookie, user } = await accountSteps(t.app, sink).signUp('full@example.test');
    const calls = apiCalls(t.app);
    for (let i = 0; i < 2; i++)
      expect((await calls.create(cookie, { name: `API ${i}` })).statusCode).toBe(201);

    // The pets document has more operations than the one place left.
    const imported = await upload(t.app, PETS_YAML, { cookie, username: user.userId });
    expect(imported.statusCode).toBe(403);
    expect(imported.json()).toMatchObject({
      code: 'API_LIMIT_REACHED',
      message: expect.stringMatching(
        /^An account may have at most 3 APIs; this one has 2 and the import would add \d+\. Delete some to make room$/,
      ),
    });
    const owned = () => t.database.db.select().from(apis).where(eq(apis.ownerId, user.userId));
    expect(await owned()).toHaveLength(2);

    expect((await calls.create(cookie, { name: 'API 3' })).statusCode).toBe(201);
    const refused = await calls.create(cookie, { name: 'API 4' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'API_LIMIT_REACHED',
      message: 'An account may have at most 3 APIs; this one has 3. Delete some to make room',
    });
    expect(await owned()).toHaveLength(3);
  });
});

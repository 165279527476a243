/**
 * The platform's rate limit of the mock URLs as an owner testing their own project meets it:
 * strangers are counted per address (MOCK_RATE_LIMIT), a call that proves it is the owner's (one
 * of their API keys, or a token of the route, the project or the collection) on the owner's account
 * (MOCK_OWNER_RATE_LIMIT); the
 * refusal names the window of the limit (never the time left in it) and how to get more. Real
 * accounts, keys, projects, and Redis when TEST_REDIS_URL names one (the limit's counters).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let sink: SmtpSink;
let t: TestApp;
let calls: ReturnType<typeof projectCalls>;
let ann: { cookie: string; key: string };
let bob: { cookie: string; key: string };
/** An owner of their own: each account's calls share one counter. */
let cat: { cookie: string; key: string };
const TOKEN = `mck_${randomBytes(30).toString('base64url')}`;
/** Addresses of this run: the counters live in Redis, shared with other runs. */
const run = randomBytes(2).readUInt16BE();
const address = (n: number) => `10.${run >> 8}.${run & 255}.${n}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp(
    {
      SMTP_URL: sink.url,
      MOCK_RATE_LIMIT: '3',
      MOCK_RATE_WINDOW_S: '300',
      MOCK_OWNER_RATE_LIMIT: '5',
    },
    { redis: true },
  );
  calls = projectCalls(t.app);
  const steps = accountSteps(t.app, sink);
  const account = async (email: string) => {
    const { cookie } = await steps.signUp(email);
    const made = await t.app.inject({
      method: 'POST',
      url: '/backend/user/keys',
      headers: { cookie },
      payload: { name: 'CI' },
    });
    expect(made.statusCode, made.body).toBe(201);
    return { cookie, key: made.json().key as string };
  };
  ann = await account(`ann-${run}@owner-limit.test`);
  bob = await account(`bob-${run}@owner-limit.test`);
  cat = await account(`cat-${run}@owner-limit.test`);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A project of Ann's (or another's) with `GET /items`, and `GET /secret` behind a token. */
async function annsProject(owner = ann) {
  const made = await calls.create(owner.cookie, {
    name: `Limited ${randomBytes(3).toString('hex')}`,
  });
  expect(made.statusCode, made.body).toBe(201);
  const project = made.json() as { id: string; slug: string };
  for (const body of [routeBody('/items'), routeBody('/secret', { authToken: TOKEN })]) {
    const res = await calls.createRoute(owner.cookie, project.id, body);
    expect(res.statusCode, res.body).toBe(201);
  }
  return project;
}

const get = (url: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, remoteAddress: ip, headers });

async function statuses(count: number, call: () => ReturnType<typeof get>) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await call()).statusCode);
  return seen;
}

describe('the mock URLs’ rate limit', () => {
  it('counts a stranger per address, and says how the owner gets more', async () => {
    const { slug } = await annsProject();
    const ip = address(1);
    expect(await statuses(4, () => get(`/p/${slug}/items`, ip))).toEqual([200, 200, 200, 429]);
    const over = await get(`/p/${slug}/items`, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^Rate limit exceeded: at most 3 requests per 5 minutes from this address\. Try again in \d+ seconds\. The owner's calls get 5 per 5 minutes: send one of the owner's API keys \(X-Mocksmith-Key: mks_\.\.\. or Authorization: Bearer mks_\.\.\.\) or the token of the route, the project or the collection; a self-hosted server raises MOCK_RATE_LIMIT$/,
    );
    // Another user's key proves nothing here: still the address's counter.
    expect((await get(`/p/${slug}/items`, ip, { 'x-mocksmith-key': bob.key })).statusCode).toBe(
      429,
    );
  });

  it("counts the owner's calls with a key or the route's token on their account, at its own limit", async () => {
    const { slug } = await annsProject();
    const ip = address(2);
    // The address has spent its 3.
    expect(await statuses(3, () => get(`/p/${slug}/items`, ip))).toEqual([200, 200, 200]);
    const keyed = { 'x-mocksmith-key': ann.key };
    // The owner's key: 5 more, from this address and from another (one account, one counter).
    expect(await statuses(2, () => get(`/p/${slug}/items`, ip, keyed))).toEqual([200, 200]);
    expect(
      await statuses(2, () =>
        get(`/p/${slug}/items`, address(3), { authorization: `Bearer ${ann.key}` }),
      ),
    ).toEqual([200, 200]);
    // The route's token proves it too, and counts on the same account.
    const token = { authorization: `Bearer ${TOKEN}` };
    expect((await get(`/p/${slug}/secret`, ip, token)).statusCode).toBe(200);
    const over = await get(`/p/${slug}/items`, ip, keyed);
    expect(over.statusCode).toBe(429);
    expect(over.headers['ratelimit-limit']).toBe('5');
    expect(over.json().message).toMatch(
      /^Rate limit exceeded: at most 5 requests per 5 minutes for the owner of this project or API\. Try again in \d+ seconds\. A self-hosted server raises it with MOCK_OWNER_RATE_LIMIT \(0: no limit for owners\)$/,
    );
  });

  it("counts a collection's calls with its token (or the project's) on the owner's account", async () => {
    const { id, slug } = await annsProject(cat);
    const made = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${id}/collections`,
      headers: { cookie: cat.cookie },
      payload: { name: 'users', template: { id: 'number', name: 'string' }, authToken: TOKEN },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ip = address(6);
    expect(await statuses(3, () => get(`/p/${slug}/items`, ip))).toEqual([200, 200, 200]);
    const token = { authorization: `Bearer ${TOKEN}` };
    expect(await statuses(6, () => get(`/p/${slug}/users`, ip, token))).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);
  });

  // The counter's time is moved in Redis; without it the limit counts in the process.
  it.skipIf(!process.env.TEST_REDIS_URL)(
    'names the window of the limit late in it, not the time left (it read "per 3 minutes")',
    async () => {
      const { slug } = await annsProject();
      const ip = address(4);
      await statuses(3, () => get(`/p/${slug}/items`, ip));
      // Move the counter to late in its window, as a call 130 s after the first finds it.
      const redis = t.redis as NonNullable<TestApp['redis']>;
      const [counter] = await redis.keys(`*mock:${ip}`);
      expect(counter).toBeDefined();
      await redis.pexpire(counter as string, 170_000);
      const over = await get(`/p/${slug}/items`, ip);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(
        /^Rate limit exceeded: at most 3 requests per 5 minutes from this address\. Try again in 1(69|70) seconds/,
      );
    },
  );
});

describe('owners without a limit (MOCK_OWNER_RATE_LIMIT=0)', () => {
  it("never counts the owner's calls, and still counts strangers", async () => {
    const open = await buildTestApp(
      { MOCK_RATE_LIMIT: '2', MOCK_OWNER_RATE_LIMIT: '0' },
      { database: t.database, redis: true },
    );
    try {
      const { slug } = await annsProject();
      const ip = address(5);
      const call = (headers: Record<string, string> = {}) =>
        open.app.inject({ url: `/p/${slug}/secret`, remoteAddress: ip, headers });
      const token = { authorization: `Bearer ${TOKEN}` };
      expect(await statuses(10, () => call(token))).toEqual(Array(10).fill(200));
      expect(
        (
          await open.app.inject({
            url: `/p/${slug}/items`,
            remoteAddress: ip,
            headers: { 'x-mocksmith-key': ann.key },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        await statuses(3, () => open.app.inject({ url: `/p/${slug}/items`, remoteAddress: ip })),
      ).toEqual([200, 200, 429]);
      const refused = await open.app.inject({ url: `/p/${slug}/items`, remoteAddress: ip });
      expect(refused.json().message).toContain("The owner's calls get no limit");
    } finally {
      await open.close();
    }
  });
});

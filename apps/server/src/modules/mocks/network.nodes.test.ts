/**
 * A network profile's per-consumer rate limit on two nodes over one PostgreSQL, sharing Redis:
 * a route limited to 10 calls per minute counts each consumer's calls across both nodes (its
 * bearer token, else its X-Mock-Session, else its address), answering the 11th 429 with
 * Retry-After and the RateLimit headers while another consumer still gets 200 on either node.
 * Real HTTP (both nodes listen on a port, `fetch`); the project and route are stored directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { namedResponse, storeOwner, storeProject, storeRoute } from '../../../test/network.ts';

const LIMIT = 10;

describe.runIf(process.env.TEST_REDIS_URL)('a per-consumer rate limit on two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let nodes: [string, string];
  let slug: string;

  beforeAll(async () => {
    a = await buildTestApp({}, { redis: true });
    b = await buildTestApp({}, { database: a.database, redis: true });
    nodes = [
      await a.app.listen({ port: 0, host: '127.0.0.1' }),
      await b.app.listen({ port: 0, host: '127.0.0.1' }),
    ];
    const db = a.database.db;
    const project = await storeProject(db, await storeOwner(db), 'limited');
    slug = project.slug;
    await storeRoute(db, project, 'GET', '/orders', [namedResponse('ok', { ok: true })], {
      network: {
        latency: { kind: 'none' },
        fault: null,
        rateLimit: { limit: LIMIT, per: 'minute' },
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A call of the limited route on node 0 (A) or 1 (B). */
  async function call(node: number, headers: Record<string, string> = {}, query = '') {
    const res = await fetch(`${nodes[node % 2]}/p/${slug}/orders${query}`, { headers });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read as each test expects it
      body: JSON.parse(text) as any,
    };
  }

  /**
   * The limit counts fixed minutes: a run of calls that could cross into the next minute waits
   * for it to start (at most 5 s).
   */
  async function withinOneMinute() {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  }

  /**
   * A consumer's 11 calls alternating nodes (starting on `first`): the first 10 answer 200
   * with RateLimit-Limit 10 and RateLimit-Remaining 9 down to 0, the 11th 429 with Retry-After
   * and a body naming the limit.
   */
  async function expectLimited(headers: Record<string, string>, query = '', first = 0) {
    await withinOneMinute();
    for (let i = 0; i < LIMIT; i++) {
      const res = await call(first + i, headers, query);
      expect(res.status, `call ${i + 1} on node ${(first + i) % 2}`).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(res.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(res.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1 - i));
      const reset = Number(res.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = await call(first + LIMIT, headers, query);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: `Rate limit of this route's network profile: at most ${LIMIT} calls per minute for each consumer. Try again in ${retryAfter} seconds`,
    });
    // And on the other node too.
    expect((await call(first + LIMIT + 1, headers, query)).status).toBe(429);
    console.log(
      `${JSON.stringify(headers)}${query}: calls 1 to ${LIMIT} alternating nodes from node ${first % 2} answered 200 (RateLimit-Remaining ${LIMIT - 1} down to 0), the 11th and 12th 429 (Retry-After ${retryAfter} s)`,
    );
  }

  it('refuses the 11th call of token A on either node; token B still gets 200 on both', async () => {
    await expectLimited({ authorization: 'Bearer token-a' });
    await withinOneMinute();
    const onA = await call(0, { authorization: 'Bearer token-b' });
    const onB = await call(1, { authorization: 'Bearer token-b' });
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect([
      onA.headers.get('ratelimit-remaining'),
      onB.headers.get('ratelimit-remaining'),
    ]).toEqual([String(LIMIT - 1), String(LIMIT - 2)]);
    // Token A is still refused, whichever node it calls.
    expect((await call(0, { authorization: 'Bearer token-a' })).status).toBe(429);
    expect((await call(1, { authorization: 'Bearer token-a' })).status).toBe(429);
  });

  it('counts a caller without a token by its X-Mock-Session (or ?__session)', async () => {
    await expectLimited({ 'x-mock-session': 'tab-1' }, '', 1);
    await expectLimited({}, '?__session=tab-2');
    await withinOneMinute();
    expect((await call(0, { 'x-mock-session': 'tab-3' })).status).toBe(200);
    expect((await call(1, { 'x-mock-session': 'tab-3' })).status).toBe(200);
  });

  it('counts a caller with neither by its address', async () => {
    await expectLimited({});
    // A session from the same address is another consumer.
    await withinOneMinute();
    expect((await call(1, { 'x-mock-session': 'tab-4' })).status).toBe(200);
  });
});

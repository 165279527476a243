import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { expectMockAnswer, MOCK_CASES } from '../../../test/mock-cases/cases.ts';
import { apis } from '../../db/schema/apis.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SANDBOX = "sandbox; default-src 'none'";

const urlForms = {
  'the method form': (id: string, method = 'get') => `/backend/apitemplate/${method}/${id}`,
  'the /api form': (id: string) => `/api/${id}`,
};

describe.each(Object.entries(urlForms))('public endpoint, %s', (_form, urlOf) => {
  it.each(MOCK_CASES)('$name', async ({ api, request, expect: want }) => {
    const row = await insertApi(t.database.db, api);
    const res = await t.app.inject({
      method: request.method,
      url: `${urlOf(row.requestId, row.method.toLowerCase())}${request.suffix ?? ''}`,
      headers: request.headers,
      payload: request.body,
    });
    expectMockAnswer(res, want);
    // Every answer of a mock URL is sandboxed, whatever its status.
    if (want.sandboxed !== false) {
      expect(res.headers['content-security-policy']).toBe(SANDBOX);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('public endpoint', () => {
  it('answers 404 with a message for an unknown id', async () => {
    const res = await t.app.inject('/backend/apitemplate/get/nosuchapi0000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'API_NOT_FOUND',
      message: 'No mock API has the id "nosuchapi0000000"',
    });
  });

  it('answers 404 for a method segment that is not a method', async () => {
    const row = await insertApi(t.database.db);
    const res = await t.app.inject(`/backend/apitemplate/fetch/${row.requestId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'Unknown method "fetch" in the URL: use get, post, put or delete',
    );
  });

  it('gives the same body for the same seed, and another for another seed', async () => {
    const row = await insertApi(t.database.db, {
      template: [{ __multiply: '3-3', id: 'uuid', name: 'string.name.fullname' }],
    });
    const get = (seed: string) => t.app.inject(`/api/${row.requestId}?seed=${seed}`);
    const [a, b, c] = await Promise.all([get('42'), get('42'), get('43')]);
    expect(a.body).toBe(b.body);
    expect(a.body).not.toBe(c.body);
  });

  it('waits the delay before answering', async () => {
    const row = await insertApi(t.database.db, { delay: 300, template: { ok: true } });
    const started = performance.now();
    const res = await t.app.inject(`/api/${row.requestId}`);
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('counts answered calls, written in a batch', async () => {
    const row = await insertApi(t.database.db, { template: { ok: true } });
    for (let i = 0; i < 5; i++) await t.app.inject(`/api/${row.requestId}`);
    await t.app.inject({ method: 'POST', url: `/api/${row.requestId}` }); // 405: not counted
    await expect.poll(async () => countUsed(row.id), { timeout: 5000 }).toBe(5);
  });

  it('serves a changed template as soon as the change is announced', async () => {
    const row = await insertApi(t.database.db, { template: { version: 1 } });
    const url = `/api/${row.requestId}`;
    expect((await t.app.inject(url)).json()).toEqual({ version: 1 });
    await t.database.db
      .update(apis)
      .set({ template: JSON.stringify({ version: 2 }) })
      .where(eq(apis.id, row.id));
    // Cached until announced: the hot path reads no database. Announced, it is served once the
    // announcement settles.
    expect((await t.app.inject(url)).json()).toEqual({ version: 1 });
    await t.app.apiChanged(row.requestId);
    expect((await t.app.inject(url)).json()).toEqual({ version: 2 });
  });

  it('answers 404 once a deleted template is announced', async () => {
    const row = await insertApi(t.database.db, { template: { ok: true } });
    const url = `/api/${row.requestId}`;
    expect((await t.app.inject(url)).statusCode).toBe(200);
    await t.database.db.delete(apis).where(eq(apis.id, row.id));
    await t.app.apiChanged(row.requestId);
    expect((await t.app.inject(url)).statusCode).toBe(404);
  });

  it('serves an API created after its id was asked for', async () => {
    const res = await t.app.inject('/api/notyetcreated000');
    expect(res.statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/backend/crud',
      payload: { template: '{"ok":"boolean"}', requestEnum: 'GET' },
    });
    const { requestId } = created.json();
    expect((await t.app.inject(`/api/${requestId}`)).statusCode).toBe(200);
  });
});

describe('a mock answer never acts as the app', () => {
  it('serves an HTML answer sandboxed, so its script never runs as the site', async () => {
    const row = await insertApi(t.database.db, {
      template: { page: '<script>fetch(`/backend/user/me`)</script>' },
      customHeaders: [{ name: 'Content-Type', value: 'text/html' }],
    });
    const res = await t.app.inject(`/api/${row.requestId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.body).toContain('<script>');
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves a header that acts on the browser, even one stored before it was refused', async () => {
    const row = await insertApi(t.database.db, {
      template: { ok: true },
      customHeaders: [
        { name: 'Clear-Site-Data', value: '"cookies", "storage"' },
        { name: 'Refresh', value: '0; url=https://evil.example/' },
        { name: 'Set-Cookie', value: 'session=stolen; Path=/' },
        { name: 'Content-Security-Policy', value: 'default-src *' },
        { name: 'Strict-Transport-Security', value: 'max-age=0' },
        { name: 'Service-Worker-Allowed', value: '/' },
        { name: 'Link', value: '</evil.js>; rel=preload; as=script' },
        { name: 'Connection', value: 'close' },
        { name: 'X-Kept', value: 'yes' },
      ],
    });
    const res = await t.app.inject(`/api/${row.requestId}`);
    expect(res.statusCode).toBe(200);
    for (const name of ['clear-site-data', 'refresh', 'set-cookie', 'service-worker-allowed']) {
      expect(res.headers[name], name).toBeUndefined();
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers.link).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
    expect(res.headers['x-kept']).toBe('yes');
  });

  it('never serves a page policy or a misplaced WWW-Authenticate stored before they were refused', async () => {
    const row = await insertApi(t.database.db, {
      template: { ok: true },
      customHeaders: [
        { name: 'X-Frame-Options', value: 'DENY' },
        { name: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
        { name: 'Cross-Origin-Resource-Policy', value: 'same-site' },
        { name: 'Permissions-Policy', value: 'camera=()' },
        { name: 'WWW-Authenticate', value: 'Basic realm="x"' },
        { name: 'X-Kept', value: 'yes' },
      ],
    });
    const res = await t.app.inject(`/api/${row.requestId}`);
    expect(res.statusCode).toBe(200);
    for (const name of [
      'x-frame-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'permissions-policy',
      'www-authenticate',
    ]) {
      expect(res.headers[name], name).toBeUndefined();
    }
    expect(res.headers['x-kept']).toBe('yes');
  });

  it('answers 404 without a lookup for an id no API can have', async () => {
    const res = await t.app.inject(`/api/${'x'.repeat(65)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('API_NOT_FOUND');
    expect(res.headers['content-security-policy']).toBe(SANDBOX);
  });
});

describe('a token-protected mock', () => {
  it('takes the Bearer scheme in any letter case (RFC 9110), and nothing but its token', async () => {
    const token = `mck_${'t'.repeat(40)}`;
    const row = await insertApi(t.database.db, { template: { ok: true }, authToken: token });
    const call = (authorization: string) =>
      t.app.inject({ url: `/api/${row.requestId}`, headers: { authorization } });
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await call(`${scheme} ${token}`);
      expect([res.statusCode, res.json()], scheme).toEqual([200, { ok: true }]);
    }
    for (const wrong of [`bearer ${token}x`, `Basic ${token}`, `Bearer${token}`, token]) {
      expect((await call(wrong)).statusCode, wrong).toBe(401);
    }
  });
});

describe('compression of mock answers', () => {
  it('compresses a large answer for a client that accepts it, never a small one', async () => {
    const large = await insertApi(t.database.db, {
      template: [{ __multiply: '50-50', id: 'uuid', name: 'string.name.fullname' }],
    });
    const small = await insertApi(t.database.db, { template: { ok: true } });
    const zipped = await t.app.inject({
      url: `/api/${large.requestId}?seed=1`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-security-policy']).toBe(SANDBOX);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toHaveLength(50);
    const plain = await t.app.inject(`/api/${large.requestId}?seed=1`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The same URL answers compressed to others: a cache in between must know it.
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(JSON.parse(gunzipSync(zipped.rawPayload).toString()));
    const tiny = await t.app.inject({
      url: `/api/${small.requestId}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ ok: true });
  });
});

describe('public endpoint logs', () => {
  it('answers plain, delayed and failing calls without a warning in the log', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const logged = await buildTestApp({}, { logger });
    try {
      const plain = await insertApi(logged.database.db, { template: { id: 'uuid' } });
      const delayed = await insertApi(logged.database.db, { delay: 20, template: { ok: 1 } });
      const empty = await insertApi(logged.database.db, { httpCode: 204 });
      for (const url of [plain, delayed, empty].map((row) => `/api/${row.requestId}`)) {
        expect((await logged.app.inject(url)).statusCode).toBeLessThan(300);
      }
      expect((await logged.app.inject('/api/nosuchapi2222222')).statusCode).toBe(404);
      expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(4);
      expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('public endpoint rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ MOCK_RATE_LIMIT: '3', MOCK_RATE_WINDOW_S: '60' });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After and RateLimit headers over the limit, per client', async () => {
    const row = await insertApi(limited.database.db, { template: { ok: true } });
    const call = (ip: string) =>
      limited.app.inject({ url: `/api/${row.requestId}`, remoteAddress: ip });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call('10.0.0.1'));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    const over = answers[3]!;
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['ratelimit-limit']).toBe('3');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(over.json().message).toMatch(/^Rate limit exceeded: at most 3 requests per 1 minute/);
    expect(over.headers['content-security-policy']).toBe(SANDBOX);
    // Another client is not limited.
    expect((await call('10.0.0.2')).statusCode).toBe(200);
  });

  it('checks the id, the method and the token before the limit', async () => {
    const row = await insertApi(limited.database.db, { template: { ok: true } });
    for (let i = 0; i < 3; i++) {
      await limited.app.inject({ url: `/api/${row.requestId}`, remoteAddress: '10.0.0.3' });
    }
    const unknown = await limited.app.inject({
      url: '/api/nosuchapi1111111',
      remoteAddress: '10.0.0.3',
    });
    expect(unknown.statusCode).toBe(404);
    const over = await limited.app.inject({
      url: `/api/${row.requestId}`,
      remoteAddress: '10.0.0.3',
    });
    expect(over.statusCode).toBe(429);
  });
});

async function countUsed(id: string): Promise<number> {
  const [row] = await t.database.db
    .select({ callCount: apis.callCount })
    .from(apis)
    .where(eq(apis.id, id));
  return row?.callCount ?? -1;
}

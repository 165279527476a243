import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApi } from '../../test/factories.ts';
import { buildTestApp, pathOf, type TestApp } from '../../test/helper.ts';

const APP = 'app.test';
const MOCKS = 'mocks.test';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'mocksmith-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><meta name="mocksmith-mock-origin" content="" /><title>Mocksmith</title>',
  );
  t = await buildTestApp(
    { PUBLIC_URL: `http://${APP}`, MOCK_ORIGIN: `http://${MOCKS}` },
    { webDistDir: dist },
  );
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const on = (host: string, url: string, method: 'GET' | 'POST' | 'OPTIONS' = 'GET') =>
  t.app.inject({ method, url, headers: { host } });

describe('MOCK_ORIGIN: the mocks on a host of their own', () => {
  it('gives out links on the mock origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/crud',
      headers: { host: APP },
      payload: { template: '{"id":"uuid"}' },
    });
    expect(res.statusCode).toBe(201);
    const { link, requestId } = res.json();
    expect(link).toBe(`http://${MOCKS}/backend/apitemplate/get/${requestId}`);
    const served = await on(MOCKS, pathOf(link));
    expect(served.statusCode).toBe(200);
    expect(Object.keys(served.json())).toEqual(['id']);
  });

  it('sends mock URLs asked of the app host on to the mock host, sandboxed', async () => {
    const row = await insertApi(t.database.db, { template: { ok: true } });
    const res = await on(APP, `/api/${row.requestId}?seed=4`);
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(`http://${MOCKS}/api/${row.requestId}?seed=4`);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a preflight on the app host, which browsers do not follow through a redirect', async () => {
    const row = await insertApi(t.database.db, { template: { ok: true } });
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/${row.requestId}`,
      headers: {
        host: APP,
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a preflight on the mock host, as the app calls its mocks from another origin', async () => {
    const row = await insertApi(t.database.db, { template: { ok: true } });
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/backend/apitemplate/get/${row.requestId}`,
      headers: {
        host: MOCKS,
        origin: `http://${APP}`,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('content-type, authorization');
  });

  it('serves nothing of the app on the mock host: no page, no account call, no asset', async () => {
    for (const url of ['/', '/dashboard', '/backend/user/me', '/backend/types', '/assets/x.js']) {
      const res = await on(MOCKS, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/^This host serves only the public mock URLs/);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      headers: { host: MOCKS },
      payload: { email: 'a@example.com', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(404);
  });

  it('answers the health check on both hosts', async () => {
    expect((await on(APP, '/backend/health')).statusCode).toBe(200);
    expect((await on(MOCKS, '/backend/health')).statusCode).toBe(200);
  });

  it('tells the web app where the mocks are, and lets it call them', async () => {
    const res = await on(APP, '/examples');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<meta name="mocksmith-mock-origin" content="http://${MOCKS}" data-apart="" />`,
    );
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' http://${MOCKS}`);
  });

  it('links the next pages of a paginated answer on the mock host', async () => {
    const row = await insertApi(t.database.db, {
      template: [{ __multiply: '5-5', id: 'uuid' }],
    });
    const res = await on(MOCKS, `/api/${row.requestId}?page=1&limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toContain(`<http://${MOCKS}/api/${row.requestId}?`);
  });
});

describe('without MOCK_ORIGIN', () => {
  it('serves mocks and the app on one origin, the mocks sandboxed', async () => {
    const same = await buildTestApp({ PUBLIC_URL: `http://${APP}` });
    try {
      const row = await insertApi(same.database.db, { template: { ok: true } });
      const res = await same.app.inject({ url: `/api/${row.requestId}`, headers: { host: APP } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      const health = await same.app.inject({ url: '/backend/health', headers: { host: APP } });
      expect(health.statusCode).toBe(200);
    } finally {
      await same.close();
    }
  });
});

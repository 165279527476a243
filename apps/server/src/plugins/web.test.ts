import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'mocksmith-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Mocksmith</title>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'favicon.png'), 'png');
  t = await buildTestApp({}, { webDistDir: dist });
});
afterAll(() => t.close());

describe('serving the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Mocksmith</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client routes with index.html (the SPA fallback)', async () => {
    for (const path of ['/examples', '/dashboard/api', '/no/such/page']) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Mocksmith</title>');
    }
  });

  it('keeps JSON 404s for API paths and missing assets', async () => {
    for (const path of ['/backend/nothing', '/assets/missing.js']) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('security headers', () => {
  it('come with the pages, the SPA fallback, the assets and the /backend API', async () => {
    for (const path of ['/', '/dashboard/api', '/assets/index-abc123.js', '/backend/health']) {
      const res = await t.app.inject(path);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      // Served over plain HTTP here: no HSTS.
      expect(res.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('give way on the public mock endpoints to their sandbox, with CORS open', async () => {
    const res = await t.app.inject('/backend/apitemplate/get/weather');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('security headers behind HTTPS', () => {
  it('add HSTS and upgrade insecure requests', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://mocksmith.example' });
    try {
      const res = await https.app.inject('/backend/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});

describe('the JSON 404', () => {
  it('is rate-limited per client, page loads not counted', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'mocksmith-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Mocksmith</title>');
    const limited = await buildTestApp({ NOT_FOUND_RATE_LIMIT: '3' }, { webDistDir: dist });
    try {
      const call = (url: string, ip = '10.1.0.1') => limited.app.inject({ url, remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await call('/some/page')).statusCode).toBe(200);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await call(`/backend/nothing-${i}`)).statusCode);
      expect(answers).toEqual([404, 404, 404, 429]);
      expect((await call('/backend/nothing', '10.1.0.2')).statusCode).toBe(404);
      // Pages still load for the client that scanned.
      expect((await call('/dashboard')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

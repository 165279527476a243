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
  await writeFile(join(dist, 'favicon.svg'), '<svg/>');
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

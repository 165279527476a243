/**
 * Serving a build with prerendered pages (dist/routes.json): each page at its path, the shell at
 * the client routes, 404 with the 'Page Not Found' page for anything else, robots.txt and the
 * sitemap, the site's origin filled in, and everything compressed as the client accepts.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types.
import { precompress } from '../../scripts/precompress-web.mjs';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

const ORIGIN = 'https://mocksmith.example';
const MOCKS = 'https://mocks.example';
/** The CSP hash of an inline script the build wrote into the pages. */
const THEME_HASH = 'sha256-cXsNHbbKL3PhVbFZqjNLNd1nVYoeDCA3Mw7xyuFTAAA=';

function html(title: string): string {
  return [
    '<!doctype html><html><head>',
    `<title>${title}</title>`,
    '<meta name="mocksmith-mock-origin" content="" />',
    `<link rel="canonical" href="%MOCKSMITH_ORIGIN%/${title.toLowerCase()}" />`,
    '</head><body>',
    `<main><h1>${title}</h1>${'<p>Mock REST APIs in seconds.</p>'.repeat(60)}</main>`,
    '</body></html>',
  ].join('');
}

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'mocksmith-web-pages-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, 'examples'));
  await writeFile(join(dist, 'index.html'), html('Home'));
  await writeFile(join(dist, 'examples', 'index.html'), html('Examples'));
  await writeFile(join(dist, '404.html'), html('Page Not Found'));
  await writeFile(join(dist, 'app.html'), html('Shell'));
  await writeFile(join(dist, 'assets', 'index-abc123.js'), `console.log(${'1+'.repeat(2000)}1)`);
  await writeFile(
    join(dist, 'routes.json'),
    JSON.stringify({
      pages: { '/': 'index.html', '/examples': 'examples/index.html' },
      notFound: '404.html',
      shell: 'app.html',
      clientRoutes: ['/reset-password/:token', '/dashboard', '/dashboard/documentation/*'],
      sitemap: ['/', '/examples'],
      scriptHashes: [THEME_HASH],
    }),
  );
  precompress(dist);
  t = await buildTestApp(
    { PUBLIC_URL: ORIGIN, MOCK_ORIGIN: MOCKS, NOT_FOUND_RATE_LIMIT: '0' },
    { webDistDir: dist },
  );
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({
    url,
    headers: { host: 'mocksmith.example', ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('the prerendered pages', () => {
  it('answers each page at its path, with the origins filled in', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<h1>Home</h1>');
    expect(home.body).toContain(`<link rel="canonical" href="${ORIGIN}/home" />`);
    // The mocks live apart (MOCK_ORIGIN): the page calls them there.
    expect(home.body).toContain(
      `<meta name="mocksmith-mock-origin" content="${MOCKS}" data-apart="" />`,
    );
    expect(home.body).not.toContain('%MOCKSMITH_ORIGIN%');
    expect((await get('/examples')).body).toContain('<h1>Examples</h1>');
  });

  it('names the public origin for the mocks that share its host, not marked apart', async () => {
    const shared = await buildTestApp({ PUBLIC_URL: ORIGIN }, { webDistDir: dist });
    try {
      const home = await shared.app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
      expect(home.body).toContain(`<meta name="mocksmith-mock-origin" content="${ORIGIN}" />`);
      expect(home.headers['content-security-policy']).toContain("connect-src 'self';");
    } finally {
      await shared.close();
    }
  });

  it("lets the build's inline scripts run by their hash, and no other inline script", async () => {
    for (const url of ['/', '/dashboard', '/no/such/page']) {
      const csp = (await get(url)).headers['content-security-policy'] as string;
      const scripts = csp.split(';').find((directive) => directive.startsWith('script-src'));
      expect(scripts, url).toBe(`script-src 'self' '${THEME_HASH}'`);
    }
  });

  it('answers the client routes with the shell', async () => {
    for (const url of ['/dashboard', '/reset-password/abc', '/dashboard/documentation/sorting']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<h1>Shell</h1>');
    }
  });

  it('answers any other path with 404 and the Page Not Found page', async () => {
    for (const url of [
      '/no/such/page',
      '/dashboardx',
      '/index.html',
      '/app.html',
      '/routes.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<h1>Page Not Found</h1>');
    }
    // API paths and missing files keep their JSON 404.
    for (const url of ['/backend/nothing', '/assets/missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });

  it('sends a page in Brotli or gzip as the client accepts, varying on it', async () => {
    const br = await get('/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Home</h1>');
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Home</h1>');
    const notFound = await get('/nope', 'br');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('br');
  });

  it('sends the assets precompressed at build time, cached for a year', async () => {
    expect((await readdir(join(dist, 'assets'))).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
    ]);
    const br = await get('/assets/index-abc123.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^console\.log\(1\+1/);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^console\.log/);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('are real, on the site origin', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(sitemap.body).toContain(`<loc>${ORIGIN}/examples</loc>`);
  });
});

describe('API answers', () => {
  it('are compressed when large and the client accepts it, sent as they are when small', async () => {
    const large = await get('/backend/types', 'br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).length).toBeGreaterThan(
      100,
    );
    const small = await get('/backend/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });
});

// `npm run lighthouse`: Lighthouse's default mobile audit (simulated slow 4G, 4x CPU) of the
// public pages as `npm start` serves them, and of the signed-in pages with a populated account
// (lighthouse-account.mjs: 5 APIs, a project of 12 routes, 2 collections of 50 records, 40 logged
// calls; the browser signed in through /auth with Remember me, as a returning person is). Builds if a source changed, starts the production
// server on a free port over a fresh embedded PostgreSQL, audits each page with Debian's Chromium
// (never a downloaded browser) and prints one table. Run by hand, not in CI: the scores move with
// the machine's load, so compare runs made one after the other. Lighthouse and its browser tools
// live in tools/lighthouse with a lockfile of their own, installed there on the first run (they
// declare Node 22, and the root `npm ci` stays free of engine warnings).
//
//   npm run lighthouse                        every page once
//   npm run lighthouse -- --runs 3            the median run (by performance) of three per page
//   npm run lighthouse -- /examples /auth     only these pages (`:projectId` names the seeded project:
//                                             /dashboard/projects/:projectId/routes/new)
//   npm run lighthouse -- --url http://host   a server already running (no build, no start; the
//                                             public pages only: the account is made on ours)
//   npm run lighthouse -- --out reports/      keeps each page's JSON report there
//   npm run lighthouse -- --trace traces/     keeps each run's trace there, with V8's CPU profile
//                                             (DevTools' Performance panel opens it); the
//                                             profiler slows the page: its scores are not the
//                                             figures to keep
//   npm run lighthouse -- --cpu 8             the headroom: the same audit with the CPU slowed
//                                             8x rather than 4x, as a host twice as slow would
//                                             measure it (its scores are not the figures to keep
//                                             either)
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale, root } from './build-if-stale.mjs';
import { prepareAccount, SIGNED_IN_PAGES } from './lighthouse-account.mjs';

const TOOLS_DIR = join(root, 'tools', 'lighthouse');

/**
 * Installs tools/lighthouse's locked packages (npm ci --prefix) when they are missing or were
 * installed from another lockfile, then loads Lighthouse and chrome-launcher from there.
 */
async function loadTools() {
  const lock = readFileSync(join(TOOLS_DIR, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const stamp = join(TOOLS_DIR, 'node_modules', '.installed-lock-sha256');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
    console.log('Installing the Lighthouse tools in tools/lighthouse (once per lockfile)...');
    const result = spawnSync(
      'npm',
      ['ci', '--prefix', TOOLS_DIR, '--no-audit', '--no-fund', '--loglevel=error'],
      { stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error('npm ci --prefix tools/lighthouse failed');
    await writeFile(stamp, digest);
  }
  const require = createRequire(join(TOOLS_DIR, 'package.json'));
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const [{ default: lighthouse }, chromeLauncher, { throttling }] = await Promise.all([
    load('lighthouse'),
    load('chrome-launcher'),
    load('lighthouse/core/config/constants.js'),
  ]);
  return { lighthouse, chromeLauncher, mobileThrottling: throttling.mobileSlow4G };
}

const PAGES = ['/', '/examples', '/get-started', '/roadmap', '/auth'];
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** STACK.md: the flags Debian's Chromium needs here. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    url: { type: 'string' },
    out: { type: 'string' },
    trace: { type: 'string' },
    cpu: { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(options.runs, 10) || 1);
/** Lighthouse's CPU slowdown: its mobile default (4) unless --cpu says otherwise. */
const cpuSlowdown = options.cpu === undefined ? null : Number(options.cpu);
if (cpuSlowdown !== null && !(cpuSlowdown >= 1)) throw new Error('--cpu takes a number, 1 or more');
const signedIn = (path) => SIGNED_IN_PAGES.includes(path) || path.startsWith('/dashboard');
const pages =
  positionals.length > 0 ? positionals : [...PAGES, ...(options.url ? [] : SIGNED_IN_PAGES)];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Starts the built server as `npm start` does, on a fresh DATA_DIR; resolves once it is healthy. */
async function startServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/backend/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 60 s');
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    baseUrl,
    dataDir,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether the server compresses the page and its scripts (what Lighthouse's figures assume). */
async function compression(baseUrl) {
  const headers = { 'accept-encoding': 'br, gzip' };
  const page = await fetch(baseUrl, { headers });
  const html = await page.text();
  // The entry: named by the inline start script (prerendered pages), else Vite's module script.
  const script =
    html.match(/data-entry="([^"]+)"/)?.[1] ??
    html.match(/<script[^>]+type="module"[^>]+src="([^"]+)"/)?.[1];
  let scriptEncoding = null;
  if (script) {
    const response = await fetch(new URL(script, baseUrl), { headers });
    scriptEncoding = response.headers.get('content-encoding');
    // Read to the end: an unread answer holds its connection, and the server's stop waits for it.
    await response.arrayBuffer();
  }
  return {
    page: page.headers.get('content-encoding') ?? 'none',
    script: scriptEncoding ?? 'none',
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A page's file name in --out and --trace: `/dashboard/projects/:projectId` as `dashboard-projects-projectId`. */
const fileName = (path) => (path === '/' ? 'home' : path.slice(1).replaceAll(/[/:]+/g, '-'));

/** The row of one Lighthouse report. */
function summarise(path, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Lighthouse does not interact: every script the page fetched came before any interaction.
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    page: path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    SEO: score('seo'),
    FCP: seconds(metric('first-contentful-paint')),
    LCP: seconds(metric('largest-contentful-paint')),
    TBT: `${Math.round(metric('total-blocking-time'))} ms`,
    CLS: metric('cumulative-layout-shift').toFixed(3),
    'JS transferred': `${kb(jsBytes)} (${scripts.length})`,
  };
}

/** The audits that cost points outside performance, to say what to fix. */
function failures(lhr) {
  const failed = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        failed.push(`${id}: ${audit.title}`);
    }
  }
  return failed;
}

async function main() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}: apt-get install chromium (never a download)`,
    );
  }
  const { lighthouse, chromeLauncher, mobileThrottling } = await loadTools();
  let server = null;
  if (options.url) {
    server = { baseUrl: options.url.replace(/\/$/, ''), close: async () => {} };
  } else {
    buildIfStale();
    server = await startServer();
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const rows = [];
  const notes = [];
  try {
    const encoding = await compression(server.baseUrl);
    if (pages.some(signedIn) && !server.dataDir) {
      throw new Error('the signed-in pages are measured on our own server, not --url');
    }
    // The public pages first, as a visitor sees them; then the browser signs in for the others.
    const ordered = [...pages.filter((path) => !signedIn(path)), ...pages.filter(signedIn)];
    let address = null;
    for (const path of ordered) {
      if (signedIn(path)) address ??= await prepareAccount({ ...server, port: chrome.port });
      const url = `${server.baseUrl}${address ? address(path) : path}`;
      const results = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          ...(cpuSlowdown === null
            ? {}
            : { throttling: { ...mobileThrottling, cpuSlowdownMultiplier: cpuSlowdown } }),
          ...(options.trace
            ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
            : {}),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (options.trace) {
          const dir = resolve(options.trace);
          await mkdir(dir, { recursive: true });
          const trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
          await writeFile(
            join(dir, `${fileName(path)}-${run + 1}.trace.json`),
            JSON.stringify(trace),
          );
        }
        results.push(result);
      }
      results.sort(
        (a, b) =>
          (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0),
      );
      const median = results[Math.floor(results.length / 2)];
      if (median.lhr.runtimeError) notes.push(`${path}: ${median.lhr.runtimeError.message}`);
      rows.push(summarise(path, median.lhr));
      for (const failure of failures(median.lhr)) notes.push(`${path}: ${failure}`);
      if (options.out) {
        const dir = resolve(options.out);
        await mkdir(dir, { recursive: true });
        await writeFile(join(dir, `${fileName(path)}.json`), median.report);
      }
    }
    console.log(
      `\nLighthouse ${rows.length ? '13 mobile' : ''} (${runs} run${runs > 1 ? 's, median' : ''}` +
        `${cpuSlowdown === null ? '' : `, CPU slowed ${cpuSlowdown}x`}) at ${server.baseUrl}; ` +
        `compression: page ${encoding.page}, main script ${encoding.script}`,
    );
    console.table(rows);
    if (notes.length > 0) console.log(`Points lost outside performance:\n  ${notes.join('\n  ')}`);
  } finally {
    await chrome.kill();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * The issue's load case: a generated specification of 100,000 lines imports whole, the server
 * process (the real one, in a child, on its own database) stays under 1 GiB of
 * resident memory at its peak, and a mock URL keeps answering meanwhile. Prints the time (the
 * issue's goal is under 30 s), the memory and the mock calls' latencies; time is never asserted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper.ts';
import { largeSpecification, multipartBody } from '../../../test/openapi.ts';
import { waitForOk } from '../../../test/wait-for-ok.ts';
import { freePort } from '../../lib/free-port.ts';
import { serverRoot } from '../../paths.ts';

const LINES = 100_000;
const GIB = 1024 * 1024 * 1024;

let database: TestDatabase;
let dataDir: string;
let child: ChildProcess;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-openapi-large-'));
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: '',
      MOCK_RATE_LIMIT: '0',
      CREATE_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  await waitForOk(child, `${base}/backend/health`);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The peak resident memory of the process so far (VmHWM, threads included), in bytes. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

it(`imports ${LINES.toLocaleString('en')} lines under 1 GiB, answering mocks meanwhile`, async () => {
  // An API to call while the import runs.
  const created = await fetch(`${base}/backend/crud`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ template: '{"id":"uuid"}' }),
  });
  expect(created.status).toBe(201);
  const mockLink = ((await created.json()) as { link: string }).link;
  const mockPath = new URL(mockLink).pathname;

  const text = largeSpecification(LINES);
  expect(text.split('\n').length).toBeGreaterThanOrEqual(LINES);
  const { body, contentType } = multipartBody(text, { fileName: 'large.yaml' });

  const latencies: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const started = performance.now();
      const res = await fetch(`${base}${mockPath}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();

  const started = performance.now();
  const res = await fetch(`${base}/backend/crud/openapi`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const answer = (await res.json()) as unknown[];
  const seconds = (performance.now() - started) / 1000;
  polling = false;
  await poll;
  const peak = peakRss(child.pid!);
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `openapi large import: ${text.split('\n').length} lines, ${(text.length / 1024 / 1024).toFixed(1)} MiB, ` +
      `${Array.isArray(answer) ? answer.length : '?'} APIs in ${seconds.toFixed(1)} s; ` +
      `server peak RSS ${(peak / 1024 / 1024).toFixed(0)} MiB; ` +
      `${latencies.length} mock calls meanwhile, p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );

  expect(res.status, JSON.stringify(answer).slice(0, 500)).toBe(201);
  expect(answer.length).toBeGreaterThan(1000);
  expect(peak).toBeLessThan(GIB);
  // The mock URL kept answering all along (the parse runs in the worker; the main thread checks
  // and stores the APIs a few at a time). How fast is measured, not asserted: the line above.
  expect(latencies.length).toBeGreaterThan(10);
}, 120_000);

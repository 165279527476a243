/**
 * `npm run bench:scale`: how W2 (ten generated users per request) scales with the number of
 * server processes. Each process is the production build in scaled-out mode (one PostgreSQL and
 * one Redis: the machine's, or BENCH_DATABASE_URL / BENCH_REDIS_URL), behind HAProxy (Debian's
 * package) balancing round-robin over keep-alive connections, loaded by wrk. It runs 1 process,
 * then 2, and prints req/s, p50/p99 and the ratio to one process.
 *
 * Pinning: with at least 2 + N cores each server process, HAProxy and wrk get cores of their
 * own. With fewer (this 2-core machine), the servers get the last cores and HAProxy and wrk
 * share core 0: the figure for N processes is then bounded by the machine, not by the server,
 * and the output says so. Rate limits are off (as in `npm run bench`); call counting in Redis is
 * on, as it is in every scaled-out deployment.
 *
 * BENCH_DURATION_S (10), BENCH_WARMUP_S (2), BENCH_CONNECTIONS (64), BENCH_PROCESSES ("1,2").
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { newRequestId } from '../apps/server/src/lib/ids.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { SERVER_ARGS } from '../scripts/server-command.mjs';
import { W2_TEMPLATE } from './workloads.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CORES = availableParallelism();

function require(program: string, hint: string): void {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
  } catch {
    console.error(`${program} is needed: ${hint}`);
    process.exit(1);
  }
}

/** Cores for n servers, HAProxy and wrk: their own when there are enough, else shared. */
function placement(n: number): { servers: string[]; balancer: string; load: string; own: boolean } {
  if (CORES >= n + 2) {
    return {
      servers: Array.from({ length: n }, (_, i) => String(i + 2)),
      balancer: '1',
      load: '0',
      own: true,
    };
  }
  // The last cores first; past them, core 0 too, shared with HAProxy and wrk.
  const serverCores = Array.from({ length: n }, (_, i) => String((CORES - 1 - i + CORES) % CORES));
  return { servers: serverCores, balancer: '0', load: '0', own: false };
}

const children: ChildProcess[] = [];
async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }),
  );
}

function pinned(core: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child = spawn('taskset', ['-c', core, command, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function runWrk(core: string, url: string, seconds: number) {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('taskset', [
      '-c',
      core,
      'wrk',
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      url,
    ]);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(text))));
  });
  const ms = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(output);
    if (!match) return Number.NaN;
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(output)?.[1] ?? '';
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    p50: ms('50'),
    p99: ms('99'),
    non2xx,
    errors,
  };
}

async function main(): Promise<void> {
  require('wrk', 'apt-get install wrk');
  require('haproxy', 'apt-get install haproxy');
  require('taskset', 'it comes with util-linux');
  const name = `mocksmith_scale_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-scale-'));
  const secret = randomBytes(32).toString('hex');
  const requestId = newRequestId();
  const results: { n: number; rps: number; p50: number; p99: number; own: boolean }[] = [];
  console.log(
    `W2 through HAProxy, wrk 1 thread ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up; ${CORES} cores`,
  );
  try {
    for (const n of PROCESSES) {
      const cores = placement(n);
      const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
      for (const [i, port] of ports.entries()) {
        pinned(cores.servers[i] as string, process.execPath, SERVER_ARGS, {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL,
          SESSION_SECRET: secret,
          LOG_LEVEL: 'warn',
          MOCK_RATE_LIMIT: '0',
        });
      }
      for (const [i, port] of ports.entries()) {
        await waitForOk(children[i] as ChildProcess, `http://127.0.0.1:${port}/backend/health`);
      }
      if (results.length === 0) {
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        await db.query(
          `insert into apis (request_id, name, template, method) values ($1, 'bench W2', $2, 'GET')`,
          [requestId, JSON.stringify(W2_TEMPLATE)],
        );
        await db.end();
      }
      const front = await freePort();
      const config = join(dataDir, 'haproxy.cfg');
      await writeFile(
        config,
        [
          'global',
          '  maxconn 4096',
          'defaults',
          '  mode http',
          '  option http-keep-alive',
          '  timeout connect 5s',
          '  timeout client 30s',
          '  timeout server 30s',
          'frontend front',
          `  bind 127.0.0.1:${front}`,
          '  default_backend nodes',
          'backend nodes',
          '  balance roundrobin',
          '  http-reuse always',
          ...ports.map((port, i) => `  server node${i} 127.0.0.1:${port}`),
          '',
        ].join('\n'),
      );
      pinned(cores.balancer, 'haproxy', ['-f', config, '-db']);
      const target = `http://127.0.0.1:${front}/api/${requestId}`;
      await waitForOk(children.at(-1) as ChildProcess, target);
      if (WARMUP_S > 0) await runWrk(cores.load, target, WARMUP_S);
      const run = await runWrk(cores.load, target, DURATION_S);
      if (run.non2xx > 0 || run.errors) {
        throw new Error(
          `${n} process(es): ${run.non2xx} non-2xx answers; socket errors ${run.errors}`,
        );
      }
      results.push({ n, rps: run.rps, p50: run.p50, p99: run.p99, own: cores.own });
      await stopAll();
    }
  } finally {
    await stopAll();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
  const one = results.find((result) => result.n === 1)?.rps ?? Number.NaN;
  console.log('processes  req/s     p50 ms  p99 ms  ratio to 1  cores');
  for (const result of results) {
    console.log(
      `${String(result.n).padEnd(11)}${result.rps.toFixed(0).padEnd(10)}${result.p50.toFixed(2).padEnd(8)}${result.p99.toFixed(2).padEnd(8)}${(result.rps / one).toFixed(2).padEnd(12)}${result.own ? 'own core each' : 'shared: HAProxy and wrk on core 0'}`,
    );
  }
}

await main();

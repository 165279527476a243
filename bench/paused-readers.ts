/**
 * `npx tsx bench/paused-readers.ts [DIST]`: what live views that stop reading cost the server.
 * Starts the built server (DIST, by default apps/server/dist) on a fresh DATA_DIR with its
 * embedded PostgreSQL, pinned to core 1, then, from core 0: READERS live views
 * (`…/requests/live`, with API keys) that read their first bytes and then nothing, spread over
 * ACCOUNTS accounts (one project each), and CALLS calls with a 30 KB JSON body to each project,
 * 16 at a time, while `/backend/health` is called every 10 ms. Prints the server's resident
 * memory before and at its peak, the health calls' p50/p99, and how many views were refused.
 * READERS (40), ACCOUNTS (4) and CALLS (400) tune it; `ACCOUNTS=1` is one account's 40 views.
 * Not part of `npm run bench`: a measure of one issue's fix, kept to be run again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../apps/server/src/db/embedded.ts';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { newRequestId } from '../apps/server/src/lib/ids.ts';
import { SERVER_NODE_OPTIONS } from '../scripts/server-command.mjs';

const dist = process.argv[2] ?? 'apps/server/dist';
const READERS = Number(process.env.READERS ?? 40);
const ACCOUNTS = Number(process.env.ACCOUNTS ?? 4);
const CALLS = Number(process.env.CALLS ?? 400);
const BODY = JSON.stringify({ order: 1, note: 'x'.repeat(30_000) });

function startServer(env: Record<string, string>, pinned: boolean): ChildProcess {
  const args = [...SERVER_NODE_OPTIONS, join(dist, 'server.js')];
  const options = { env: { ...process.env, ...env }, stdio: 'ignore' as const };
  return pinned
    ? spawn('taskset', ['-c', '1', 'node', ...args], options)
    : spawn('node', args, options);
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function untilOk(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} never answered`);
}

/** The resident memory of a process, MiB. */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** A live view that reads its answer's head, then nothing: its status. */
async function pausedReader(port: number, path: string, key: string): Promise<[Socket, number]> {
  const socket = connect(port, '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer ${key}\r\n\r\n`);
  const head = await new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', function onData(chunk: Buffer) {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve(text);
      }
    });
    socket.once('error', reject);
  });
  socket.pause();
  return [socket, Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1])];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const dataDir = await mkdtemp(join(tmpdir(), 'paused-readers-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  MOCK_RATE_LIMIT: '0',
  LOG_LEVEL: 'warn',
};
let server = startServer(env, false);
try {
  await untilOk(`${origin}/backend/health`);
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  const accounts: { key: string; projectId: string; slug: string }[] = [];
  for (let n = 0; n < ACCOUNTS; n++) {
    const user = `reader-${n}`;
    const key = `mks_${randomBytes(32).toString('base64url')}`;
    await client.query(
      `INSERT INTO users (id, name, email, email_verified) VALUES ($1, $1, $2, true)`,
      [user, `${user}@example.com`],
    );
    await client.query(
      `INSERT INTO api_keys (user_id, name, prefix, hash) VALUES ($1, 'k', $2, $3)`,
      [user, key.slice(0, 12), createHash('sha256').update(key).digest('base64url')],
    );
    const slug = `watched-${n}`;
    const [project] = (
      await client.query(
        `INSERT INTO projects (owner_id, name, slug, seed) VALUES ($1, $2, $2, 1) RETURNING id`,
        [user, slug],
      )
    ).rows as { id: string }[];
    await client.query(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
       VALUES ($1, 'orders', '{"ok": true}', 'POST', $2, $3, '/orders', '/orders')`,
      [newRequestId(), user, project?.id],
    );
    accounts.push({ key, projectId: project?.id as string, slug });
  }
  await client.end();
  await stopServer(server);
  server = startServer(env, true);
  await untilOk(`${origin}/backend/health`);
  // taskset runs node in its own process: the server's pid.
  const pid = server.pid as number;
  await sleep(2000);
  const rssBefore = rssOf(pid);

  const readers: Socket[] = [];
  const statuses: number[] = [];
  for (let n = 0; n < READERS; n++) {
    const account = accounts[n % ACCOUNTS] as (typeof accounts)[number];
    const [socket, status] = await pausedReader(
      port,
      `/backend/projects/${account.projectId}/requests/live`,
      account.key,
    );
    readers.push(socket);
    statuses.push(status);
  }

  let peak = rssOf(pid);
  const sampling = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  const health: number[] = [];
  let calling = true;
  const probing = (async () => {
    while (calling) {
      const started = performance.now();
      await (await fetch(`${origin}/backend/health`)).arrayBuffer();
      health.push(performance.now() - started);
      await sleep(10);
    }
  })();
  const started = performance.now();
  let next = 0;
  const total = CALLS * ACCOUNTS;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < total) {
        const account = accounts[next++ % ACCOUNTS] as (typeof accounts)[number];
        const res = await fetch(`${origin}/p/${account.slug}/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: BODY,
        });
        await res.arrayBuffer();
      }
    }),
  );
  const callsMs = performance.now() - started;
  // The flushes after the last call, and what they send.
  await sleep(3000);
  calling = false;
  await probing;
  clearInterval(sampling);
  const sorted = health.sort((a, b) => a - b);
  const open = statuses.filter((status) => status === 200).length;
  console.log(
    `${dist}: ${READERS} paused live views over ${ACCOUNTS} account(s): ${open} open, ${READERS - open} refused (${[...new Set(statuses)].join(', ')}); ${total} calls of 30 KB in ${Math.round(callsMs)} ms`,
  );
  console.log(
    `  server RSS ${Math.round(rssBefore)} MiB before, ${Math.round(peak)} MiB at its peak, ${Math.round(rssOf(pid))} MiB after; /backend/health p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (${sorted.length} calls)`,
  );
  for (const socket of readers) socket.destroy();
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}

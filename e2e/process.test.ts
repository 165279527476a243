/**
 * Stopping `npm start` as people and service managers do: Ctrl-C in a terminal (SIGINT to every
 * process of the group: npm, scripts/start.mjs, which passes it on, and the server), systemd's
 * stop (SIGTERM to the group), a signal to the server alone, and Ctrl-C twice in a row. Each
 * must let the request in flight finish, write every call count, stop the embedded PostgreSQL
 * (no connection of ours cut by it: no FATAL line in the log) and exit 0. Needs no browser: it
 * runs `npm start` itself, in a process group of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { apis } from '../apps/server/src/db/schema/apis.ts';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { insertApi } from '../apps/server/test/factories.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { root } from '../scripts/build-if-stale.mjs';

const SLOW_DELAY_MS = 2000;

let dataDir = '';
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A DATA_DIR whose database holds a quick API and one that answers after 2 s. */
async function prepareData(): Promise<{ fast: string; slow: string }> {
  dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-stop-'));
  const pg = await startEmbeddedPostgres({ dataDir });
  const handle = createDatabase(pg.url);
  try {
    await migrateDatabase(handle.db);
    const fast = await insertApi(handle.db, { template: { ok: 'boolean' } });
    const slow = await insertApi(handle.db, {
      template: { ok: 'boolean' },
      delay: SLOW_DELAY_MS,
    });
    return { fast: fast.requestId, slow: slow.requestId };
  } finally {
    await handle.close();
    await pg.stop();
  }
}

async function countsOf(ids: string[]): Promise<number[]> {
  const pg = await startEmbeddedPostgres({ dataDir });
  const handle = createDatabase(pg.url);
  try {
    const counts: number[] = [];
    for (const id of ids) {
      const [row] = await handle.db
        .select({ callCount: apis.callCount })
        .from(apis)
        .where(eq(apis.requestId, id));
      counts.push(row?.callCount ?? -1);
    }
    return counts;
  } finally {
    await handle.close();
    await pg.stop();
  }
}

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** `npm start` in a process group of its own (as `setsid npm start` in a terminal). */
async function npmStart(): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      MOCK_RATE_LIMIT: '0',
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(child, `${base}/backend/health`, 240_000);
  return { child, base, output: () => output, exit };
}

/** The pid of the server itself (node apps/server/dist/server.js) in the group, from /proc. */
async function serverPid(group: number): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (pgrp === group && cmdline.includes('apps/server/dist/server.js')) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  throw new Error(`no server process in group ${group}`);
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const stops: [string, (group: number) => Promise<unknown>][] = [
  ['Ctrl-C: SIGINT to the whole process group', async (group) => process.kill(-group, 'SIGINT')],
  ['systemd: SIGTERM to the whole process group', async (group) => process.kill(-group, 'SIGTERM')],
  [
    'SIGTERM to the server process alone',
    async (group) => process.kill(await serverPid(group), 'SIGTERM'),
  ],
  [
    'Ctrl-C twice in a row',
    async (group) => {
      process.kill(-group, 'SIGINT');
      await sleep(100);
      process.kill(-group, 'SIGINT');
    },
  ],
];

describe('stopping npm start', () => {
  it.each(stops)(
    '%s: finishes the call in flight, writes the counts, stops PostgreSQL, exits 0',
    async (_how, stop) => {
      const { fast, slow } = await prepareData();
      const started = await npmStart();
      const group = started.child.pid as number;
      const postgres = Number(
        (await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );
      expect(isAlive(postgres)).toBe(true);

      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${started.base}/api/${fast}`)).status).toBe(200);
      }
      // Calls at once, each with a query: the pool opens several connections, idle at the stop.
      const health = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${started.base}/backend/health`)),
      );
      expect(health.map((res) => res.status)).toEqual(Array(8).fill(200));
      const sent = Date.now();
      const inFlight = fetch(`${started.base}/api/${slow}`).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as unknown,
        after: Date.now() - sent,
      }));
      await sleep(300);
      await stop(group);

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: expect.any(Boolean) });
      expect(answer.after).toBeGreaterThanOrEqual(SLOW_DELAY_MS);
      expect(await started.exit, started.output().slice(-3000)).toBe(0);

      // Nothing is left behind: not a process of the group, not the database.
      for (let i = 0; i < 50 && groupAlive(group); i++) await sleep(100);
      expect(groupAlive(group)).toBe(false);
      expect(isAlive(postgres)).toBe(false);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(started.output()).toMatch(/shutting down/);
      expect(started.output()).toMatch(/"msg":"stopped"/);
      expect(started.output()).not.toMatch(/shutdown took over/);
      // PostgreSQL stopped after every connection of ours was closed: none was terminated
      // ('FATAL: terminating connection due to administrator command').
      expect(started.output().match(/^.*FATAL.*$/gm) ?? []).toEqual([]);

      expect(await countsOf([fast, slow])).toEqual([3, 1]);
    },
    300_000,
  );
});

describe('a server that dies under npm start', () => {
  it('is started again, takes over its PostgreSQL and serves every saved API', async () => {
    const { fast } = await prepareData();
    const started = await npmStart();
    const group = started.child.pid as number;
    expect((await fetch(`${started.base}/api/${fast}`)).status).toBe(200);

    const first = await serverPid(group);
    process.kill(first, 'SIGKILL');
    for (let i = 0; i < 50 && isAlive(first); i++) await sleep(20);
    // Its embedded PostgreSQL lives on, orphaned; the next server takes it over.
    await waitForOk(started.child, `${started.base}/backend/health`, 120_000);
    const second = await serverPid(group);
    expect(second).not.toBe(first);
    expect(started.output()).toMatch(/The server stopped unexpectedly \(SIGKILL\)/);
    const answer = await fetch(`${started.base}/api/${fast}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: expect.any(Boolean) });

    process.kill(-group, 'SIGTERM');
    expect(await started.exit, started.output().slice(-3000)).toBe(0);
    for (let i = 0; i < 50 && groupAlive(group); i++) await sleep(100);
    expect(groupAlive(group)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 300_000);
});

/**
 * The process as users run it: a crash loses no saved template, and a graceful stop loses no
 * call count. Runs the real server (embedded PostgreSQL in a temporary DATA_DIR) in a child.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForOk } from '../test/wait-for-ok.ts';
import { embeddedDatabaseUrl } from './db/embedded.ts';
import { freePort } from './lib/free-port.ts';
import { serverRoot } from './paths.ts';

let dataDir: string;
let port: number;
let running: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-durability-'));
  port = await freePort();
});
afterAll(async () => {
  if (running) await stop(running);
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running = child;
  await waitForOk(child, `http://127.0.0.1:${port}/backend/health`);
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
  running = null;
}

const base = () => `http://127.0.0.1:${port}`;

/** Each test starts the server, its PostgreSQL with it, once or twice: slow on a loaded machine. */
const PROCESS_TEST_TIMEOUT = 120_000;

describe('the server process', () => {
  it(
    'serves an API created right before a SIGKILL once started again',
    async () => {
      const first = await start();
      const res = await fetch(`${base()}/backend/crud`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: '{"id":"uuid","ok":"boolean"}' }),
      });
      expect(res.status).toBe(201);
      const { requestId } = (await res.json()) as { requestId: string };
      await stop(first, 'SIGKILL');

      // The killed run's PostgreSQL is still running, orphaned; the new run must cope with it.
      await start();
      const served = await fetch(`${base()}/api/${requestId}`);
      expect(served.status).toBe(200);
      expect(Object.keys((await served.json()) as object)).toEqual(['id', 'ok']);
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'writes pending call counts on a graceful stop, and stops its database',
    async () => {
      const server = running ?? (await start());
      const res = await fetch(`${base()}/backend/crud`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: '{"ok":"boolean"}' }),
      });
      const { requestId } = (await res.json()) as { requestId: string };
      for (let i = 0; i < 3; i++) await fetch(`${base()}/api/${requestId}`);
      await stop(server, 'SIGTERM');
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      await start();
      const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
      await client.connect();
      const { rows } = await client.query('select call_count from apis where request_id = $1', [
        requestId,
      ]);
      await client.end();
      expect(Number(rows[0]?.call_count)).toBe(3);
    },
    PROCESS_TEST_TIMEOUT,
  );
});

/**
 * The production server as `npm start` runs it (apps/server/dist/server.js), for the browser
 * tests: on a free port, over a fresh database (a new one on TEST_DATABASE_URL, else the embedded
 * PostgreSQL in a temporary DATA_DIR), with the environment given.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { root } from '../scripts/build-if-stale.mjs';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

export interface ProductionServer {
  /** http://127.0.0.1:PORT, the app's public origin (PUBLIC_URL). */
  baseUrl: string;
  port: number;
  /** DATA_DIR and DATABASE_URL, for running `npm run admin` beside it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the built server, on `port` if given. `env` may use `{port}`, replaced by the port chosen, for origins that
 * name it (MOCK_ORIGIN=http://localhost:{port}).
 */
export async function startProductionServer(
  extraEnv: Record<string, string> = {},
  { port: givenPort }: { port?: number } = {},
): Promise<ProductionServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-e2e-'));
  let dropDatabase = async () => {};
  const port = givenPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1: one client as far as the limits can tell.
    AUTH_RATE_LIMIT: '500',
    AUTH_ADDRESS_RATE_LIMIT: '100',
    // The editor's live preview, from every test's browser on 127.0.0.1.
    PREVIEW_RATE_LIMIT: '5000',
    // Every file's anonymous creates (the landing demo, the docs' samples, imports) from that one
    // client: 30 in 10 minutes (the default) is reached by the whole suite, not by any one test.
    CREATE_RATE_LIMIT: '5000',
    CREATE_DAILY_LIMIT: '5000',
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: String(port),
    // A fixed public origin, as a deployment has: Google's redirect URI is registered against it.
    PUBLIC_URL: baseUrl,
  };
  for (const [name, value] of Object.entries(extraEnv)) {
    env[name] = value.replaceAll('{port}', String(port));
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `mocksmith_e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    };
  }

  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForOk(server, `${baseUrl}/backend/health`);
  return {
    baseUrl,
    port,
    env: { DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL ?? '' },
    async close() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The browser tests run against the built app served by the production server, as a user
 * gets it from `npm start`: build if stale, start the server on a free port over a fresh
 * database (embedded in a temporary DATA_DIR, or a new database on TEST_DATABASE_URL), and
 * find Debian's Chromium. Without Chromium the tests are skipped, loudly; with CI=true a
 * missing Chromium fails the run.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { buildIfStale, root } from '../scripts/build-if-stale.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server's origin. */
    baseUrl: string;
    /** Chromium's executable, or null when the browser tests are skipped. */
    chromiumPath: string | null;
    /** Where the SMTP sink the server sends to saves each mail as JSON. */
    mailDir: string;
    /** DATA_DIR and DATABASE_URL of the server, for running `npm run admin` beside it. */
    serverEnv: Record<string, string>;
  }
}

const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export default async function setup(project: TestProject) {
  const chromiumPath = CHROMIUM_CANDIDATES.find((path) => path && existsSync(path)) ?? null;
  if (!chromiumPath) {
    const message =
      'Browser tests: Chromium not found (looked for CHROMIUM_PATH, /usr/bin/chromium); install it with `apt-get install chromium`';
    if (process.env.CI === 'true') throw new Error(message);
    console.warn(`\n*** SKIPPED: ${message} ***\n`);
    project.provide('chromiumPath', null);
    project.provide('baseUrl', '');
    project.provide('mailDir', '');
    project.provide('serverEnv', {});
    return;
  }
  project.provide('chromiumPath', chromiumPath);

  buildIfStale();

  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-e2e-'));
  let dropDatabase = async () => {};
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1: one client as far as the limits can tell.
    AUTH_RATE_LIMIT: '500',
    AUTH_ADDRESS_RATE_LIMIT: '100',
    DATABASE_URL: '',
    REDIS_URL: '',
  };
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
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  env.PORT = String(port);
  // A fixed public origin, as a deployment has: Google's redirect URI is registered against it.
  env.PUBLIC_URL = baseUrl;

  // A real SMTP server receives the mails; a real OpenID provider stands in for Google.
  const mailDir = await mkdtemp(join(tmpdir(), 'mocksmith-e2e-mail-'));
  const sink = await startSmtpSink(mailDir);
  env.SMTP_URL = sink.url;
  const oidc = await startOidcProvider(`${baseUrl}/auth`);
  env.GOOGLE_CLIENT_ID = oidc.clientId;
  env.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
  env.GOOGLE_ISSUER = oidc.issuer;

  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForOk(server, `${baseUrl}/backend/health`);
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('serverEnv', { DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL ?? '' });

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    await oidc.close();
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(mailDir, { recursive: true, force: true });
  };
}

/**
 * The browser tests run against the built app served by the production server, as a user
 * gets it from `npm start`: build if stale, start the server (server.ts) with its mocks on an
 * origin of their own, a real SMTP sink and a real OpenID provider, and find Debian's Chromium. Without Chromium the tests are skipped, loudly; with CI=true a
 * missing Chromium fails the run.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { startProductionServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server's origin. */
    baseUrl: string;
    /** The origin its mock URLs live on (MOCK_ORIGIN). */
    mockOrigin: string;
    /** The SMTP sink's URL, for servers a test starts itself. */
    smtpUrl: string;
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
    project.provide('mockOrigin', '');
    project.provide('smtpUrl', '');
    project.provide('mailDir', '');
    project.provide('serverEnv', {});
    return;
  }
  project.provide('chromiumPath', chromiumPath);

  buildIfStale();

  // A real SMTP server receives the mails; a real OpenID provider stands in for Google.
  const mailDir = await mkdtemp(join(tmpdir(), 'mocksmith-e2e-mail-'));
  const sink = await startSmtpSink(mailDir);
  // Google's redirect URI names the app's origin, known once the server's port is: a port of
  // its own, then the server on it.
  const port = await freePort();
  const oidc = await startOidcProvider(`http://127.0.0.1:${port}/auth`);
  const server = await startProductionServer(
    {
      // The recommended production setup: the mocks on an origin of their own (localhost and
      // 127.0.0.1 are two origins to a browser).
      MOCK_ORIGIN: `http://localhost:${port}`,
      SMTP_URL: sink.url,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      // The proxy's tests forward to an upstream on this machine, as a self-hosted install may.
      MOCK_PROXY_ALLOW_PRIVATE: 'true',
    },
    { port },
  );
  project.provide('baseUrl', server.baseUrl);
  project.provide('mockOrigin', `http://localhost:${port}`);
  project.provide('smtpUrl', sink.url);
  project.provide('mailDir', mailDir);
  project.provide('serverEnv', server.env);

  return async () => {
    await server.close();
    await oidc.close();
    await sink.close();
    await rm(mailDir, { recursive: true, force: true });
  };
}

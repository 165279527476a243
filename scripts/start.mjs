// `npm start`: takes a fresh clone to a running product. Installs the dependencies if they are
// missing, builds the web app and the server if a source is newer than the build, then runs
// the production server (which starts its embedded PostgreSQL and migrates it).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, runNpm } from './build-if-stale.mjs';
import { SERVER_ARGS } from './server-command.mjs';

const root = join(import.meta.dirname, '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)...');
  runNpm(['ci', '--no-audit', '--no-fund']);
}
buildIfStale();

/**
 * A server that ends by itself (a crash, a kill of the server alone) is started again, as a
 * service manager would: its next start takes over the embedded PostgreSQL it left behind, and
 * every saved template answers again. Five ends within a minute are a fault to fix, not to hide:
 * then we leave with its status.
 */
const RESTARTS_PER_MINUTE = 5;
const ends = [];
let stopping = false;
let server = startServer();

function startServer() {
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  child.on('exit', (code, signal) => {
    const status = code ?? (signal ? 1 : 0);
    if (stopping || status === 0) process.exit(status);
    const now = Date.now();
    ends.push(now);
    while (ends.length > 0 && (ends[0] ?? now) < now - 60_000) ends.shift();
    if (ends.length >= RESTARTS_PER_MINUTE) {
      console.error(
        `The server stopped unexpectedly ${ends.length} times within a minute; giving up.`,
      );
      process.exit(status);
    }
    const wait = 500 * 2 ** (ends.length - 1);
    console.error(
      `The server stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again in ${wait} ms.`,
    );
    setTimeout(() => {
      if (!stopping) server = startServer();
    }, wait);
  });
  return child;
}

// Passed on, for a signal sent to this process alone (`kill PID`). A terminal's Ctrl-C or
// systemd's stop reaches the whole process group, so the server may get it twice: it shuts down
// once, finishes what is in flight and stops its database. We leave with its status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    // Between a crash and its restart there is no server to wait for.
    else process.exit(0);
  });
}

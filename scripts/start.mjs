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

const server = spawn(process.execPath, SERVER_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Passed on, for a signal sent to this process alone (`kill PID`). A terminal's Ctrl-C or
// systemd's stop reaches the whole process group, so the server may get it twice: it shuts down
// once, finishes what is in flight and stops its database. We leave with its status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start`: takes a fresh clone to a running product. Installs the dependencies if they are
// missing, builds the web app and the server if a source is newer than the build, then runs
// the production server (which starts its embedded PostgreSQL and migrates it).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, runNpm } from './build-if-stale.mjs';

const root = join(import.meta.dirname, '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)...');
  runNpm(['ci', '--no-audit', '--no-fund']);
}
buildIfStale();

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C reaches the server too; it shuts down on its own, and we leave with its status.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

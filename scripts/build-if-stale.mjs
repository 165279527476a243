// Builds the web app and the server when a build output is missing or older than a source.
// Used by `npm start` and by the browser tests, which run against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Runs npm with these arguments in the repository, exiting the process if it fails. */
export function runNpm(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status})`);
}

/** Builds unless both outputs are newer than every source; returns whether it built. */
export function buildIfStale() {
  const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].map((p) =>
    join(root, p),
  );
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = Math.max(
    ...['packages/core', 'apps/server', 'apps/web', 'package-lock.json'].map((p) =>
      newest(join(root, p)),
    ),
  );
  if (built > 0 && built >= sources) return false;
  console.log('Building the web app and the server...');
  runNpm(['run', 'build']);
  return true;
}

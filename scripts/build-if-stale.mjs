// Builds the web app and the server when a build output is missing or a source changed since
// the last build. Used by `npm start` and by the browser tests, which run against the built app.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = join(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What the build reads: the three workspaces' sources and the lockfile. */
const SOURCES = ['packages/core', 'apps/server', 'apps/web', 'package-lock.json', 'package.json'];
/** Never read by the build, or written by it. */
const SKIPPED = new Set(['node_modules', 'dist', 'drizzle', 'test', 'data']);
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];
/** Where the fingerprint of the sources of the last build is kept. */
const STAMP = join(root, 'apps/server/dist/.sources');

/** Every source file under `path`, tests left out: they never reach the build. */
function* files(path) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat];
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (SKIPPED.has(entry) || /\.test\.tsx?$/.test(entry)) continue;
    yield* files(join(path, entry));
  }
}

/**
 * A fingerprint of the sources: each file's path, size and modification time. Folder times are
 * left out (the build itself changes them by writing dist/), and a file added, removed or
 * changed changes the fingerprint.
 */
function fingerprint() {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const [file, stat] of files(join(root, source))) {
      hash.update(`${relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Runs npm with these arguments in the repository, exiting the process if it fails. */
export function runNpm(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status})`);
}

/** Builds unless both outputs exist and no source changed since they were built; returns whether it built. */
export function buildIfStale() {
  const current = fingerprint();
  const built = OUTPUTS.every((output) => existsSync(join(root, output)));
  const stamp = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (built && stamp === current) return false;
  console.log('Building the web app and the server...');
  runNpm(['run', 'build']);
  writeFileSync(STAMP, `${current}\n`);
  return true;
}

// `npm run dev`: the server (restarting on change) and the web app (hot reload, proxying
// /backend and /api to the server) side by side, their output prefixed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const children = ['server', 'web'].map((name) => {
  const child = spawn(npm, ['run', 'dev', '-w', `@mocksmith/${name}`], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { FORCE_COLOR: '1', ...process.env },
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => {
    console.log(`${prefix}exited (${code})`);
    for (const other of children) other.kill('SIGINT');
    process.exitCode = code ?? 1;
  });
  return child;
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

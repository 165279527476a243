// `npm run dev`: the server (restarting on change) and the web app (hot reload, proxying
// /backend and /api to the server) side by side, their output prefixed. Ctrl-C stops both; the
// server then stops its embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const bin = (name) => join(root, 'node_modules', '.bin', name);
// The browser is on Vite's origin: mail links, the Google redirect and the links the server
// answers point there (Vite forwards /backend and /api to the server).
process.env.PUBLIC_URL ||= 'http://localhost:5173';

// The tools themselves, not `npm run`: npm does not pass signals on to its child.
const commands = {
  server: {
    file: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/server.ts'],
    cwd: 'apps/server',
  },
  web: { file: bin('vite'), args: [], cwd: 'apps/web' },
};

let stopping = false;
const stopAll = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};

const children = Object.entries(commands).map(([name, { file, args, cwd }]) => {
  const child = spawn(file, args, {
    cwd: join(root, cwd),
    stdio: ['inherit', 'pipe', 'pipe'],
    // Both write to this terminal through a pipe: colours, and the server's readable log.
    env: { FORCE_COLOR: '1', LOG_FORMAT: 'pretty', ...process.env },
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
    stopAll('SIGINT');
    process.exitCode = code ?? 1;
  });
  return child;
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stopAll(signal));
}

/**
 * `npm run soak`: the production server (`npm start`'s build, its embedded PostgreSQL in a fresh
 * DATA_DIR) under 1,000 mock calls a second for 10 minutes, on loopback only, with a signed-in
 * user's creates and edits, anonymous OpenAPI imports and gallery searches alongside. It passes
 * when no call fails (every answer the one expected), the mock calls' p99 stays within the
 * benchmark's target (10 ms), and the server's resident memory is flat: over the last 5 minutes
 * it grows by less than 5 %. A run by hand, not a test; its figures go in the closing note.
 *
 * SOAK_DURATION_S (600, after 10 s of warm-up), SOAK_RATE (1000 calls a second),
 * SOAK_CONNECTIONS (20), SOAK_SIDE_WORK (0 leaves the side work out), SOAK_NODE_ARGS (the server's
 * node flags, for instance `--cpu-prof --cpu-prof-dir=/tmp/profiles` to find a tail's cause).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { PETS_YAML } from '../apps/server/test/openapi.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.SOAK_DURATION_S ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 1000);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 20);
/** SOAK_SIDE_WORK=0 leaves the creates, edits, imports and searches out (to find a tail's cause). */
const SIDE_WORK = process.env.SOAK_SIDE_WORK !== '0';
const P99_TARGET_MS = 10;
const RSS_GROWTH_LIMIT = 0.05;
const PASSWORD = 'correct-horse-battery';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** The verification token mailed to `email`, from the outbox (quoted-printable text). */
async function tokenFor(dataDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const file of await readdir(join(dataDir, 'outbox')).catch(() => [] as string[])) {
      const text = (await readFile(join(dataDir, 'outbox', file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '=');
      const token = text.includes(email) && /\/verify-email\/([A-Za-z0-9._-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error(`no verification mail to ${email}`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, ...SERVER_ARGS], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // One client (this process) makes every call: the per-client limits would refuse it.
      MOCK_RATE_LIMIT: '0',
      OPENAPI_RATE_LIMIT: '0',
      CREATE_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const failures: string[] = [];
  try {
    await waitForOk(server, `${base}/backend/health`);
    const pid = server.pid as number;
    const json = { 'content-type': 'application/json' };

    // A signed-in user, with an API to call and edit.
    const email = `soak-${Date.now()}@example.test`;
    await fetch(`${base}/backend/user/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD, username: 'Soak' }),
    });
    await fetch(`${base}/backend/user/verify/${await tokenFor(dataDir, email)}`);
    const login = await fetch(`${base}/backend/user/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { userId } = (await login.json()) as { userId: string };
    const template = JSON.stringify({
      users: [{ __multiply: '10-10', id: 'uuid', name: 'string.name.fullname', email: 'email' }],
    });
    const created = await fetch(`${base}/backend/crud/user`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Soak', requestEnum: 'GET', template }),
    });
    if (created.status !== 201)
      throw new Error(`create: ${created.status} ${await created.text()}`);
    const api = (await created.json()) as { id: string; requestId: string };

    // Alongside the load: about 4 writes and searches a second, each checked.
    let side = 0;
    let stopping = false;
    const expect = async (what: string, response: Promise<Response>, status: number) => {
      const answer = await response.catch((error: Error) => error);
      if (answer instanceof Error) failures.push(`${what}: ${answer.message}`);
      else if (answer.status !== status)
        failures.push(`${what}: ${answer.status} ${await answer.text()}`);
      side++;
    };
    const sideWork = (async () => {
      for (let n = 0; SIDE_WORK && !stopping; n++) {
        await expect(
          'create',
          fetch(`${base}/backend/crud/user`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: JSON.stringify({ name: `Soak ${n}`, requestEnum: 'GET', template }),
          }),
          201,
        );
        await expect(
          'edit',
          fetch(`${base}/backend/template`, {
            method: 'PUT',
            headers: { ...json, cookie },
            body: JSON.stringify({
              id: api.id,
              requestId: api.requestId,
              userId,
              name: `Soak edit ${n}`,
              requestEnum: 'GET',
              template,
            }),
          }),
          200,
        );
        await expect(
          'gallery search',
          fetch(
            `${base}/backend/templates-gallery?search=${['users', 'weather', 'bank', 'zz'][n % 4]}`,
          ),
          200,
        );
        if (n % 10 === 0) {
          const form = new FormData();
          form.append('username', '');
          form.append('file', new Blob([PETS_YAML], { type: 'application/x-yaml' }), 'pets.yaml');
          await expect(
            'import',
            fetch(`${base}/backend/crud/openapi`, { method: 'POST', body: form }),
            201,
          );
        }
        await sleep(750);
      }
    })();

    // Resident memory every 10 s.
    const samples: { at: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      samples.push({ at: (Date.now() - started) / 1000, mb: rssMb(pid) });
    }, 10_000);

    // Warm-up (JIT, caches, pools): 10 s at the same rate, not measured.
    await autocannon({
      url: `${base}/api/${api.requestId}`,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: 10,
    });
    const result = await autocannon({
      url: `${base}/api/${api.requestId}`,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: DURATION_S,
    });
    clearInterval(sampler);
    stopping = true;
    await sideWork;

    const calls = result.requests.total;
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0)
      failures.push(
        `mock calls: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    const half = samples.filter((sample) => sample.at >= DURATION_S / 2);
    const first = half[0]?.mb ?? Number.NaN;
    const last = half.at(-1)?.mb ?? Number.NaN;
    const growth = (last - first) / first;
    console.log(
      `soak: ${DURATION_S} s at ${RATE} calls/s: ${calls} mock calls (${(calls / DURATION_S).toFixed(0)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target ${P99_TARGET_MS})`,
    );
    console.log(
      `side work: ${side} creates, edits, searches and imports, ${failures.length} failed`,
    );
    console.log(
      `resident memory: ${samples.map((sample) => sample.mb.toFixed(0)).join(' ')} MB; last half ${first.toFixed(1)} -> ${last.toFixed(1)} MB (${(growth * 100).toFixed(1)} %, limit ${RSS_GROWTH_LIMIT * 100} %)`,
    );
    if (result.latency.p99 > P99_TARGET_MS) failures.push(`p99 ${result.latency.p99} ms`);
    if (!(growth < RSS_GROWTH_LIMIT)) failures.push(`memory grew ${(growth * 100).toFixed(1)} %`);
  } finally {
    if (server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  for (const failure of failures.slice(0, 20)) console.log(`FAIL ${failure}`);
  console.log(failures.length === 0 ? 'PASS' : `FAIL (${failures.length})`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();

/**
 * `npx tsx bench/ab.ts DIST_A DIST_B [ROUNDS]`: two builds of the server (each a copy of
 * apps/server/dist kept inside apps/server, e.g. apps/server/node_modules/.old) measured in turn,
 * ROUNDS times (2), on W1 at its stand-alone URL and C1 (a record of a logged collection of 10,000),
 * pinned as `npm run bench` pins: the server and its embedded PostgreSQL on core 1, wrk on core
 * 0, 10 s each after 2 s of warm-up. Besides req/s and p99 it prints the CPU time a call costs
 * the server and its PostgreSQL, which a busy machine blurs less than latency. AB_TRACE_GC=1
 * writes each server's `--trace-gc` to /tmp/ab-gc-N.txt. Not part of `npm run bench`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../apps/server/src/db/embedded.ts';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { newRequestId } from '../apps/server/src/lib/ids.ts';
import { SERVER_NODE_OPTIONS } from '../scripts/server-command.mjs';
import {
  COLLECTION_PATH,
  COLLECTION_RECORDS,
  COLLECTION_TEMPLATE,
  W1_TEMPLATE,
  W2_PLACE_TEMPLATE,
  W2_TEMPLATE,
} from './workloads.ts';

/**
 * AB_TEMPLATE=w2 or w2-place: the first workload is W2, or W2's users with a place, rather than
 * W1 (the line still says W1); e.g. records drawn field by field against records that agree.
 */
const FIRST_TEMPLATE =
  process.env.AB_TEMPLATE === 'w2'
    ? W2_TEMPLATE
    : process.env.AB_TEMPLATE === 'w2-place'
      ? W2_PLACE_TEMPLATE
      : W1_TEMPLATE;

const [distA, distB, roundsText] = process.argv.slice(2);
const rounds = Number(roundsText ?? 2);

async function untilOk(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} never answered`);
}

let gcLog = 0;
function start(dist: string, env: Record<string, string>, pinned: boolean) {
  const extra = pinned && process.env.AB_TRACE_GC ? ['--trace-gc'] : [];
  // AB_CPU_PROF=DIR: each measured server writes its CPU profile there as it stops.
  if (pinned && process.env.AB_CPU_PROF) {
    extra.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.AB_CPU_PROF, basename(dist))}`);
  }
  const args = [...SERVER_NODE_OPTIONS, ...extra, join(dist, 'server.js')];
  if (pinned && process.env.AB_TRACE_GC) {
    const out = openSync(`/tmp/ab-gc-${++gcLog}.txt`, 'w');
    return spawn('taskset', ['-c', '1', 'node', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', out, 'ignore'],
    });
  }
  const child = pinned
    ? spawn('taskset', ['-c', '1', 'node', ...args], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      })
    : spawn('node', args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  return child;
}

async function stop(child: ReturnType<typeof spawn>) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU ms (user + system) of a process and of its descendants (the embedded PostgreSQL). */
function cpuMs(root: number): { own: number; descendants: number } {
  const parents = new Map<number, number>();
  const times = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
      times.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {}
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
      if (p === root) return true;
    return false;
  };
  let descendants = 0;
  for (const [pid, ms] of times) if (isDescendant(pid)) descendants += ms;
  return { own: times.get(root) ?? 0, descendants };
}

function wrk(url: string, seconds: number): { rps: number; p99: number } {
  const out = execFileSync(
    'taskset',
    ['-c', '0', 'wrk', '-t1', '-c50', `-d${seconds}s`, '--latency', url],
    {
      encoding: 'utf8',
    },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99text = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = p99text?.[2] === 'us' ? 0.001 : p99text?.[2] === 's' ? 1000 : 1;
  return { rps, p99: Number(p99text?.[1]) * unit };
}

async function measure(dist: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ryw-ab-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    MOCK_RATE_LIMIT: '0',
    CREATE_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
  let server = start(dist, env, false);
  await untilOk(`${origin}/backend/health`);
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  const w1 = newRequestId();
  await client.query(
    `INSERT INTO apis (request_id, name, template, method) VALUES ($1, 'w1', $2, 'GET')`,
    [w1, JSON.stringify(FIRST_TEMPLATE)],
  );
  await client.query(
    `INSERT INTO users (id, name, email, email_verified) VALUES ('bench', 'Bench', 'bench@example.com', true)`,
  );
  const [items] = (
    await client.query(
      `INSERT INTO projects (owner_id, name, slug, seed) VALUES ('bench', 'Bench items', 'bench-items', 1) RETURNING id`,
    )
  ).rows as { id: string }[];
  await client.query(
    `INSERT INTO collections (project_id, name, path, template, count) VALUES ($1, 'items', $2, $3, $4)`,
    [items?.id, COLLECTION_PATH, JSON.stringify(COLLECTION_TEMPLATE), COLLECTION_RECORDS],
  );
  // AB_ROUTE=1: the first workload at a route of a project (`GET /p/bench-route/users/{id}`)
  // rather than at its stand-alone URL.
  if (process.env.AB_ROUTE) {
    const [project] = (
      await client.query(
        `INSERT INTO projects (owner_id, name, slug, seed) VALUES ('bench', 'Bench route', 'bench-route', 1) RETURNING id`,
      )
    ).rows as { id: string }[];
    await client.query(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
       VALUES ($1, 'users', $2, 'GET', 'bench', $3, '/users/{id}', '/users/{}')`,
      [newRequestId(), JSON.stringify(FIRST_TEMPLATE), project?.id],
    );
  }
  await client.end();
  await stop(server);
  server = start(dist, env, true);
  const w1Url = process.env.AB_ROUTE
    ? `${origin}/p/bench-route/users/42`
    : `${origin}/backend/apitemplate/get/${w1}`;
  const c1Url = `${origin}/p/bench-items${COLLECTION_PATH}/5000`;
  await untilOk(w1Url);
  await untilOk(c1Url);
  wrk(w1Url, 2);
  const w1Before = cpuMs(server.pid as number);
  const w1Figures = wrk(w1Url, 10);
  const w1After = cpuMs(server.pid as number);
  Object.assign(w1Figures, {
    nodeUsPerCall: ((w1After.own - w1Before.own) * 1000) / (w1Figures.rps * 10),
  });
  // AB_ONLY=w1: the profile of W1 alone.
  if (process.env.AB_ONLY === 'w1') {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    return { w1: w1Figures, c1: { rps: 0, p99: 0 } };
  }
  wrk(c1Url, 2);
  const before = cpuMs(server.pid as number);
  const c1Figures = wrk(c1Url, 10);
  const after = cpuMs(server.pid as number);
  const requests = c1Figures.rps * 10;
  Object.assign(c1Figures, {
    nodeUsPerCall: ((after.own - before.own) * 1000) / requests,
    pgUsPerCall: ((after.descendants - before.descendants) * 1000) / requests,
  });
  await stop(server);
  await rm(dataDir, { recursive: true, force: true });
  return { w1: w1Figures, c1: c1Figures };
}

for (let round = 1; round <= rounds; round++) {
  for (const [name, dist] of [
    ['A', distA],
    ['B', distB],
  ] as const) {
    const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
    const figures = await measure(dist as string);
    console.log(
      `round ${round} ${name} (${dist}): W1 ${Math.round(figures.w1.rps)} req/s p99 ${figures.w1.p99.toFixed(2)} ms, node ${Math.round((figures.w1 as { nodeUsPerCall?: number }).nodeUsPerCall ?? 0)} us a call | C1 ${Math.round(figures.c1.rps)} req/s p99 ${figures.c1.p99.toFixed(2)} ms, CPU a call: node ${Math.round((figures.c1 as { nodeUsPerCall?: number }).nodeUsPerCall ?? 0)} us, PostgreSQL ${Math.round((figures.c1 as { pgUsPerCall?: number }).pgUsPerCall ?? 0)} us (load ${load})`,
    );
  }
}

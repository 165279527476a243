/**
 * The database dies under a running server (killed by the system, say): the calls that need it
 * answer 503 with Retry-After meanwhile, never 500 and never a false 401; cached mock APIs keep
 * answering; a refused create uses up none of the client's creation budget; and the server
 * comes back by itself: it restarts its embedded PostgreSQL, or reconnects to an external one.
 * Runs the real server process (src/server.ts) against a real PostgreSQL, killed with SIGKILL.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { linkIn, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { waitForOk } from '../../test/wait-for-ok.ts';
import { freePort } from '../lib/free-port.ts';
import { serverRoot } from '../paths.ts';
import { DATABASE_RETRY_AFTER_S } from './availability.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts';

/** The anonymous creations a client may make in the test server's window. */
const CREATE_LIMIT = 40;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface Server {
  base: string;
  dataDir: string;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>, sink: SmtpSink): Promise<Server> {
  const dataDir = await tempDir('mocksmith-recovery-');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: sink.url,
      CREATE_RATE_LIMIT: String(CREATE_LIMIT),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  await waitForOk(child, `${base}/backend/health`);
  return { base, dataDir, child };
}

const json = { 'content-type': 'application/json' };

async function createApi(base: string): Promise<Response> {
  return fetch(`${base}/backend/crud`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ template: '{"id":"uuid","ok":"boolean"}' }),
  });
}

/** Signs up through the mailed link and signs in; returns the session cookie and user id. */
async function signUp(base: string, sink: SmtpSink): Promise<{ cookie: string; userId: string }> {
  const email = 'outage@example.test';
  const password = 'correct-horse-battery';
  const registered = await fetch(`${base}/backend/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, username: 'Otto Outage' }),
  });
  expect(registered.status).toBe(201);
  const link = linkIn(await sink.waitForMail(email, /Confirm your e-mail/), '/verify-email/');
  const token = link.pathname.slice('/verify-email/'.length);
  expect((await fetch(`${base}/backend/user/verify/${token}`)).status).toBe(200);
  const login = await fetch(`${base}/backend/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: ((await login.json()) as { userId: string }).userId };
}

async function postmasterPid(pgDir: string): Promise<number> {
  return Number((await readFile(join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Answer {
  call: string;
  status: number;
  retryAfter: string | null;
}

/**
 * Kills the database with SIGKILL, waits until the server's health check says it is down, then
 * calls everything every 20 ms until the health check says it is back. Returns every answer.
 */
async function killAndWatch(
  base: string,
  pgDir: string,
  calls: Record<string, () => Promise<Response>>,
): Promise<Answer[]> {
  const pid = await postmasterPid(pgDir);
  process.kill(pid, 'SIGKILL');
  const health = () => fetch(`${base}/backend/health`);
  const downBy = Date.now() + 5000;
  for (;;) {
    const res = await health();
    if (res.status === 503) break;
    if (Date.now() > downBy) throw new Error('the health check never noticed the outage');
    await sleep(5);
  }
  const answers: Answer[] = [];
  const upBy = Date.now() + 30_000;
  for (;;) {
    const round = await Promise.all(
      Object.entries({ health, ...calls }).map(async ([call, send]) => {
        const res = await send();
        await res.arrayBuffer();
        return { call, status: res.status, retryAfter: res.headers.get('retry-after') };
      }),
    );
    answers.push(...round);
    if (round[0]?.status === 200) return answers;
    if (Date.now() > upBy) throw new Error('the server did not get its database back in 30 s');
    await sleep(20);
  }
}

/**
 * The status of `send`'s answer, asked again while it is 503 for at most one Retry-After, as a
 * client told to wait would.
 */
async function statusWithin(send: () => Promise<Response>): Promise<number> {
  const by = Date.now() + DATABASE_RETRY_AFTER_S * 1000;
  for (;;) {
    const res = await send();
    await res.arrayBuffer();
    if (res.status !== 503 || Date.now() > by) return res.status;
    await sleep(100);
  }
}

async function checkRecovery(server: Server, pgDir: string, sink: SmtpSink): Promise<void> {
  const { base } = server;
  const { cookie, userId } = await signUp(base, sink);
  const cached = (await (await createApi(base)).json()) as { requestId: string };
  expect((await fetch(`${base}/api/${cached.requestId}`)).status).toBe(200);
  const uncached = (await (await createApi(base)).json()) as { requestId: string };
  let created = 2;

  const answers = await killAndWatch(base, pgDir, {
    cached: () => fetch(`${base}/api/${cached.requestId}`),
    uncached: () => fetch(`${base}/api/${uncached.requestId}`),
    create: () => createApi(base),
    signedIn: () => fetch(`${base}/backend/crud/getall/${userId}`, { headers: { cookie } }),
    me: () => fetch(`${base}/backend/user/me`, { headers: { cookie } }),
  });

  const statuses = (call: string) => answers.filter((a) => a.call === call).map((a) => a.status);
  // Never a 500, and never a 401 that would end the signed-in user's session in the web.
  expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
  expect(answers.filter((a) => a.status === 401)).toEqual([]);
  for (const a of answers.filter((a) => a.status === 503)) expect(a.retryAfter).toMatch(/^\d+$/);
  // The outage was seen by each kind of call, and cached APIs answered all along.
  for (const call of ['uncached', 'create', 'signedIn', 'me']) {
    expect(statuses(call), call).toContain(503);
  }
  expect(new Set(statuses('cached'))).toEqual(new Set([200]));
  created += statuses('create').filter((status) => status === 201).length;

  // Back: everything answers again, with what was saved before. A call may still meet a pooled
  // connection of the killed server and answer 503 once more: a client waits its Retry-After.
  expect(await statusWithin(() => fetch(`${base}/api/${uncached.requestId}`))).toBe(200);
  const list = () => fetch(`${base}/backend/crud/getall/${userId}`, { headers: { cookie } });
  expect(await statusWithin(list)).toBe(200);
  expect(await statusWithin(() => fetch(`${base}/backend/user/me`, { headers: { cookie } }))).toBe(
    200,
  );
  // The refused creates used up none of the client's budget.
  const after: number[] = [];
  for (let i = created; i <= CREATE_LIMIT; i++) after.push((await createApi(base)).status);
  expect(after.slice(0, -1).every((status) => status === 201)).toBe(true);
  expect(after.at(-1)).toBe(429);
}

describe('when the database dies under a running server', () => {
  it('answers 503 meanwhile and restarts its embedded PostgreSQL by itself', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const server = await startServer({}, sink);
    const pgDir = join(server.dataDir, 'pg');
    const before = await postmasterPid(pgDir);
    await checkRecovery(server, pgDir, sink);
    const after = await postmasterPid(pgDir);
    expect(after).not.toBe(before);
    expect(isAlive(after)).toBe(true);
  }, 90_000);

  it('answers 503 meanwhile and reconnects to an external PostgreSQL once it is back', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    // A PostgreSQL of its own, run by the test as an operator's would be: restarted when it dies.
    const dbDir = await tempDir('mocksmith-external-pg-');
    const external: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: dbDir });
    cleanups.push(() => external.stop());
    const server = await startServer({ DATABASE_URL: external.url }, sink);
    await checkRecovery(server, join(dbDir, 'pg'), sink);
  }, 90_000);
});

/** The postmaster and every process it started (the backends serving the app's connections). */
function clusterPids(postmaster: number): number[] {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
    encoding: 'utf8',
  })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  return [postmaster, ...children];
}

describe('when the database stalls (stopped, connections open, no answer)', () => {
  it('answers 503 with Retry-After within the statement timeout, never hangs, and is back once it moves again', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const dbDir = await tempDir('mocksmith-stalled-pg-');
    const external: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: dbDir });
    cleanups.push(() => external.stop());
    const server = await startServer(
      { DATABASE_URL: external.url, DATABASE_TIMEOUT_MS: '1000' },
      sink,
    );
    const { base } = server;
    const { cookie, userId } = await signUp(base, sink);
    const cached = (await (await createApi(base)).json()) as { requestId: string };
    expect((await fetch(`${base}/api/${cached.requestId}`)).status).toBe(200);

    const pids = clusterPids(await postmasterPid(join(dbDir, 'pg')));
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    let resumed = false;
    const resume = () => {
      if (resumed) return;
      resumed = true;
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    };
    cleanups.push(async () => resume());

    // Each call gets an answer, not a wait: a hung call fails on this client's own timeout.
    const call = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(8000) });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    };
    const during = await Promise.all([
      call('/backend/health'),
      call(`/backend/crud/getall/${userId}`, { cookie }),
      call('/backend/user/me', { cookie }),
    ]);
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    // Known down now: the next calls answer 503 at once; the cached API answers all along.
    expect((await call(`/backend/crud/getall/${userId}`, { cookie })).status).toBe(503);
    expect((await call(`/api/${cached.requestId}`)).status).toBe(200);

    resume();
    expect(await statusWithin(() => fetch(`${base}/backend/health`))).toBe(200);
    const list = () => fetch(`${base}/backend/crud/getall/${userId}`, { headers: { cookie } });
    expect(await statusWithin(list)).toBe(200);
  }, 90_000);
});

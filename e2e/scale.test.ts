/**
 * Scaled out: two server processes (the production build, started as the container starts it)
 * over one PostgreSQL and one Redis, the machine's, as a deployment behind a load balancer runs
 * them. Started at the same moment on an empty database, they migrate once; they share one
 * rate-limit budget, hear each other's edits within a second, count every answered call, also
 * when stopped or killed, and a node killed under load loses no save it acknowledged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import journal from '../apps/server/drizzle/meta/_journal.json' with { type: 'json' };
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { root } from '../scripts/build-if-stale.mjs';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'correct-horse-battery';

interface Node {
  base: string;
  child: ChildProcess;
  dataDir: string;
}

describe.skipIf(!adminUrl || !redisUrl)('two nodes over one PostgreSQL and one Redis', () => {
  const databaseName = `mocksmith_scale_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let db: pg.Client;
  const env: Record<string, string> = {};
  let a: Node;
  let b: Node;
  let publicUrl = '';

  async function startNode(port: number): Promise<Node> {
    const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-node-'));
    const child = spawn(process.execPath, SERVER_ARGS, {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return { base: `http://127.0.0.1:${port}`, child, dataDir };
  }

  async function stopNode(node: Node, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (node.child.exitCode === null && node.child.signalCode === null) {
      const exited = once(node.child, 'exit');
      node.child.kill(signal);
      await exited;
    }
  }

  /**
   * One client address per purpose (the balancer's X-Forwarded-For), so budgets never mix; the
   * second octet is this run's, since the limits live in a Redis that other runs share.
   */
  const run = 1 + ((randomBytes(1)[0] as number) % 250);
  const from = (x: number, y: number) => ({ 'x-forwarded-for': `10.${run}.${x}.${y}` });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const [portA, portB] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${portA}`;
    Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl as string,
      // What every node of one deployment shares.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      SMTP_URL: '',
      MOCK_RATE_LIMIT: '500',
      MOCK_RATE_WINDOW_S: '300',
      AUTH_RATE_LIMIT: '100',
      AUTH_ADDRESS_RATE_LIMIT: '100',
    });
    // At the same moment, on an empty database: both migrate.
    [a, b] = await Promise.all([startNode(portA), startNode(portB)]);
    await Promise.all([
      waitForOk(a.child, `${a.base}/backend/health`),
      waitForOk(b.child, `${b.base}/backend/health`),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const node of [a, b]) {
      if (!node) continue;
      await stopNode(node);
      await rm(node.dataDir, { recursive: true, force: true });
    }
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  });

  /** Registers on node A (the mail lands in its outbox), confirms, signs in; the cookie. */
  async function signUp(label: string): Promise<{ cookie: string; userId: string }> {
    const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
    const headers = { 'content-type': 'application/json', ...from(50, label.length) };
    const registered = await fetch(`${a.base}/backend/user/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD, username: 'Scale Test' }),
    });
    expect(registered.status).toBe(201);
    const token = await verificationToken(email);
    expect((await fetch(`${b.base}/backend/user/verify/${token}`)).status).toBe(200);
    const login = await fetch(`${b.base}/backend/user/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { cookie, userId: ((await login.json()) as { userId: string }).userId };
  }

  /** The token of the verification mail to `email` in node A's outbox (quoted-printable text). */
  async function verificationToken(email: string): Promise<string> {
    const outbox = join(a.dataDir, 'outbox');
    for (let attempt = 0; attempt < 100; attempt++) {
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files) {
        const text = (await readFile(join(outbox, file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replaceAll('=3D', '=');
        if (!text.includes(email)) continue;
        const token = /\/verify-email\/([A-Za-z0-9._-]+)/.exec(text)?.[1];
        if (token) return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No verification mail to ${email}`);
  }

  /** What a create answers (`name` is the one it was given). */
  interface Created {
    id: string;
    requestId: string;
    name?: string;
  }

  async function createApi(node: Node, cookie: string, name: string): Promise<Response> {
    return fetch(`${node.base}/backend/crud/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...from(51, 1) },
      body: JSON.stringify({
        name,
        requestEnum: 'GET',
        template: JSON.stringify({ name, ok: 'boolean' }),
      }),
    });
  }

  const callCount = async (id: string) =>
    Number(
      (await db.query<{ n: string }>('select call_count::text as n from apis where id = $1', [id]))
        .rows[0]?.n ?? -1,
    );

  it('migrated once, though both started on the empty database at the same moment', async () => {
    const { rows } = await db.query<{ n: string }>(
      'select count(*)::text as n from drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]?.n)).toBe(journal.entries.length);
    // The samples were written once too (the second node found them current).
    const samples = await db.query('select request_id from apis where request_id = $1', [
      'weather',
    ]);
    expect(samples.rowCount).toBe(1);
  });

  it('holds one budget of 500 calls per window for a client, whichever node answers', async () => {
    const { cookie } = await signUp('budget');
    const created = (await (await createApi(a, cookie, 'Budget')).json()) as Created;
    const client = from(60, 1);
    const statuses: number[] = [];
    for (let wave = 0; wave < 5; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(`${(i % 2 ? a : b).base}/api/${created.requestId}`, { headers: client }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(500);
    for (const node of [a, b]) {
      const refused = await fetch(`${node.base}/api/${created.requestId}`, { headers: client });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client still has its whole budget.
    expect(
      (await fetch(`${b.base}/api/${created.requestId}`, { headers: from(60, 2) })).status,
    ).toBe(200);
  });

  it('serves on node B an edit saved on node A within a second; sessions work on both', async () => {
    const { cookie, userId } = await signUp('edit');
    const me = await fetch(`${b.base}/backend/user/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    const created = (await (await createApi(a, cookie, 'Before')).json()) as Created;
    const url = `${b.base}/api/${created.requestId}`;
    let poll = 0;
    const body = async () =>
      (await (await fetch(url, { headers: from(61, ++poll % 250) })).json()) as {
        name: string;
      };
    expect((await body()).name).toBe('Before');
    const saved = await fetch(`${a.base}/backend/template`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, ...from(51, 2) },
      body: JSON.stringify({
        id: created.id,
        requestId: created.requestId,
        userId,
        name: 'After',
        requestEnum: 'GET',
        template: JSON.stringify({ name: 'After', ok: 'boolean' }),
      }),
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(async () => (await body()).name, { timeout: 1000, interval: 50 })
      .toBe('After');
  });

  it('counts all of 1,000 calls split across both nodes, and a node killed under load loses no save it acknowledged', async () => {
    const { cookie } = await signUp('killed');
    const target = (await (await createApi(a, cookie, 'Counted')).json()) as Created;
    const before = await callCount(target.id);
    let answered = 0;
    // Calls cut off by the kill: answered or not, the client cannot tell; counted or not either.
    let unanswered = 0;
    const calls = async (count: number, nodes: Node[]) => {
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          fetch(`${(nodes[i % nodes.length] as Node).base}/api/${target.requestId}`, {
            headers: from(62, i % 200),
          }).then(
            (answer) => answer.status,
            () => 0,
          ),
        ),
      );
      answered += answers.filter((status) => status === 200).length;
      unanswered += answers.filter((status) => status === 0).length;
      return answers;
    };
    for (let wave = 0; wave < 10; wave++) {
      expect((await calls(100, [a, b])).every((status) => status === 200)).toBe(true);
    }
    expect(answered).toBe(1000);

    // Under load: saves and calls on A, then A is killed (SIGKILL: no shutdown at all).
    const acknowledged: Created[] = [];
    let saving = true;
    const saver = (async () => {
      for (let n = 0; saving; n++) {
        const name = `Saved ${n}`;
        const response = await createApi(a, cookie, name).catch(() => null);
        if (response?.status === 201)
          acknowledged.push({ ...((await response.json()) as Created), name });
      }
    })();
    const load = calls(400, [a, b]);
    // Killed in the middle of it: once a few saves were acknowledged, with more under way.
    await expect
      .poll(() => acknowledged.length, { timeout: 20_000, interval: 20 })
      .toBeGreaterThanOrEqual(3);
    await stopNode(a, 'SIGKILL');
    saving = false;
    await Promise.all([saver, load]);
    expect(acknowledged.length).toBeGreaterThan(0);

    // B goes on serving.
    expect((await calls(50, [b])).every((status) => status === 200)).toBe(true);
    // Every acknowledged save is there, as B serves it.
    for (const api of acknowledged) {
      const answer = await fetch(`${b.base}/api/${api.requestId}`, { headers: from(63, 1) });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { name: string }).name).toBe(api.name);
    }
    // Every answered call is counted, A's included: they were in Redis before A answered.
    await expect
      .poll(() => callCount(target.id), { timeout: 15_000, interval: 200 })
      .toBeGreaterThanOrEqual(before + answered);
    expect(await callCount(target.id)).toBeLessThanOrEqual(before + answered + unanswered);

    // A started again joins as it was.
    a = await startNode(Number(new URL(a.base).port));
    await waitForOk(a.child, `${a.base}/backend/health`);
    expect((await calls(10, [a])).every((status) => status === 200)).toBe(true);
  });

  it('writes every count when both nodes are stopped (SIGTERM) right after answering', async () => {
    const { cookie } = await signUp('stopped');
    const target = (await (await createApi(b, cookie, 'Stopped')).json()) as Created;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).base}/api/${target.requestId}`, {
          headers: from(64, i % 200),
        }).then((answer) => answer.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    await Promise.all([stopNode(a), stopNode(b)]);
    expect(await callCount(target.id)).toBe(200);
  });
});

/**
 * The process as users run it: a crash loses no saved template, a graceful stop loses no call
 * count, and a hostile body ends neither the process nor its database. Runs the real server
 * (embedded PostgreSQL in a temporary DATA_DIR) in a child.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection } from '../test/collections.ts';
import { waitForOk } from '../test/wait-for-ok.ts';
import { createDatabase } from './db/client.ts';
import { embeddedDatabaseUrl } from './db/embedded.ts';
import { users } from './db/schema/auth.ts';
import { freePort } from './lib/free-port.ts';
import { newRequestId } from './lib/ids.ts';
import { createProjectsRepository } from './modules/projects/projects.repository.ts';
import { serverRoot } from './paths.ts';

let dataDir: string;
let port: number;
let running: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-durability-'));
  port = await freePort();
});
afterAll(async () => {
  if (running) await stop(running);
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running = child;
  await waitForOk(child, `http://127.0.0.1:${port}/backend/health`);
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
  running = null;
}

const base = () => `http://127.0.0.1:${port}`;

/** Each test starts the server, its PostgreSQL with it, once or twice: slow on a loaded machine. */
const PROCESS_TEST_TIMEOUT = 120_000;

describe('the server process', () => {
  it(
    'serves an API created right before a SIGKILL once started again',
    async () => {
      const first = await start();
      const res = await fetch(`${base()}/backend/crud`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: '{"id":"uuid","ok":"boolean"}' }),
      });
      expect(res.status).toBe(201);
      const { requestId } = (await res.json()) as { requestId: string };
      await stop(first, 'SIGKILL');

      // The killed run's PostgreSQL is still running, orphaned; the new run must cope with it.
      await start();
      const served = await fetch(`${base()}/api/${requestId}`);
      expect(served.status).toBe(200);
      expect(Object.keys((await served.json()) as object)).toEqual(['id', 'ok']);
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'writes pending call counts on a graceful stop, and stops its database',
    async () => {
      const server = running ?? (await start());
      const res = await fetch(`${base()}/backend/crud`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: '{"ok":"boolean"}' }),
      });
      const { requestId } = (await res.json()) as { requestId: string };
      for (let i = 0; i < 3; i++) await fetch(`${base()}/api/${requestId}`);
      await stop(server, 'SIGTERM');
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      await start();
      const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
      await client.connect();
      const { rows } = await client.query('select call_count from apis where request_id = $1', [
        requestId,
      ]);
      await client.end();
      expect(Number(rows[0]?.call_count)).toBe(3);
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'answers a body nested 4,500 levels with 400 and keeps serving past the request log’s flush',
    async () => {
      const server = running ?? (await start());
      const database = createDatabase(await embeddedDatabaseUrl(dataDir));
      const ownerId = `owner-${newRequestId()}`;
      await database.db
        .insert(users)
        .values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com` });
      const projects = createProjectsRepository(database.db);
      const slug = `deep-${newRequestId(8).toLowerCase()}`;
      const project = await projects.insertProject({ ownerId, name: 'Deep', slug, seed: 1 });
      await insertCollection(database.db, project.id, {
        name: 'users',
        template: { name: 'string.name.fullname' },
      });
      const template = '{"got": "{{request.body}}"}';
      await projects.insertRoutes([
        {
          requestId: newRequestId(),
          ownerId,
          projectId: project.id,
          name: 'POST /echo',
          method: 'POST',
          routePath: '/echo',
          routeKey: '/echo',
          template,
          responses: [
            { name: 'ok', status: 200, template, headers: [], delay: 0, isDefault: true },
          ],
        },
      ]);

      const deep = `${'['.repeat(4_500)}${']'.repeat(4_500)}`;
      const answers: [number, string][] = [];
      for (const path of ['/users', '/echo']) {
        const res = await fetch(`${base()}/p/${slug}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: deep,
        });
        answers.push([res.status, ((await res.json()) as { code: string }).code]);
      }
      // The log's flush takes both calls (it used to end the process there): they show up in
      // the log, or the process is gone, or its work off the request path failed.
      let logged = 0;
      let failures = 0;
      const alive = () => server.exitCode === null && server.signalCode === null;
      while (logged < 2 && failures === 0 && alive()) {
        await sleep(50);
        const { rows } = await database.pool.query(
          'select count(*)::int as n from request_log where project_id = $1',
          [project.id],
        );
        logged = rows[0].n;
        const health = await fetch(`${base()}/backend/health`).catch(() => null);
        failures =
          ((await health?.json()) as { backgroundFailures?: number })?.backgroundFailures ?? 0;
      }
      await database.close();
      expect([server.exitCode, server.signalCode]).toEqual([null, null]);
      expect(answers).toEqual([
        [400, 'BODY_TOO_DEEP'],
        [400, 'BODY_TOO_DEEP'],
      ]);
      expect(logged).toBe(2);
      expect(failures).toBe(0);
      const health = await fetch(`${base()}/backend/health`);
      expect(health.status).toBe(200);
      expect(running).toBe(server);
    },
    PROCESS_TEST_TIMEOUT,
  );
});

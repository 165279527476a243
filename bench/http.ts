/**
 * `npm run bench`: the HTTP benchmark of DESIGN.md §8. It starts the production server (rate
 * limits off, its embedded PostgreSQL in a fresh temporary DATA_DIR) and bare `node:http`
 * baselines doing the same work, each in its own process, and loads them one after another with
 * wrk (Debian's package: a C load generator that saturates well after the servers do), the
 * server pinned to one core and wrk to the other with taskset, so neither steals from the other.
 * Without wrk it falls back to autocannon from this process, and says that its ratios flatter:
 *   W1 a template of literals only (~1 KiB), against a server answering a precomputed body
 *      (and, to show the framework's share, a one-route Fastify app answering the same body);
 *   W2 ten users generated per request, against (i) faker's API and (ii) Math.random with no
 *      realism;
 *   W2 with a place: the same users with a city, country, code, coordinates and time zone, one
 *      person and one place a user (issue 39's records), on the fresh server beside W2, its time
 *      to W2's printed with a target (no baseline peer);
 *   W3 a large answer, a thousand records generated per request (~210 KB, its worst case past
 *      MOCK_LARGE_ANSWER_BYTES), so rendered in the server's worker thread: no baseline peer and
 *      no target, its req/s, p99 and MB/s printed beside W1's. During its load a probe
 *      (bench/probe.ts, pinned beside wrk) makes a small W1 call every few ms, and reports their
 *      p99, the point of the worker; on the fresh server it first runs alone for comparison. The
 *      server's caps on large answers at once are raised to the connections and its byte
 *      budgets turned off, as its rate limits are, so that W3 measures answers, not 429s.
 * Beside W1 at its stand-alone URL, on the fresh server only, in the same run:
 *   W1 at a route of a project of 1,000 routes: routing must not cost the hot path (a target
 *      on the ratio to the same route's req/s at its own stand-alone URL, `/api/{request id}`,
 *      which is its project's call too; its ratio to the anonymous W1 API is printed beside);
 *   C1 and C2, a project's collection at /items of 10,000 seeded records (kept in memory on the
 *      node, which is alone, so a read costs no query): C1 `GET /items/{id}`, one record, and
 *      C2 `GET /items?_page=N&_limit=20`, a page, which after its first call is the answer the
 *      node keeps for that query of those records (as for any list query asked again). wrk
 *      runs without a Lua script, so each is one fixed URL, the middle of the collection (id
 *      5,000; page 250); the check before them reads the first, middle and last records and
 *      pages. They run last, so that the 10,000 records are not in the heap of the other
 *      workloads; the first call, which seeds the records, is timed and printed, then the
 *      warm-up and load follow. Printed: their req/s, p50 and p99, the ratio of their req/s to
 *      W1's, and a p99 target.
 * The runner (issue 38: packages/cli's build, as the packed tarball runs it, `--log off`) on W1
 * and W2 at routes of a project directory, pinned as the server, and beside it its peers on the
 * same workloads as each serves them natively: Mockoon CLI (one data file: W1 a literal body, W2
 * a Handlebars template of faker calls) and Prism (an OpenAPI file: W1 an example, W2 a schema
 * under `--dynamic`), installed in tools/mock-peers on first use (bench/peers.ts; skipped with
 * the reason when they cannot be). Then the start to first answer (median of
 * BENCH_START_ROUNDS, 3) of the runner for a 100-route directory and a 1,000-operation OpenAPI
 * file (targets 1 s and 3 s), and of the peers for the same OpenAPI file. BENCH_ONLY=runner runs
 * the baselines, the runner and its peers alone, without the server.
 * Issue 40, beside W1's project route on the fresh server: W1's template at a route of a
 * 100-operation spec imported as a project with validation `report` (a valid call) against the
 * same with validation off (target 0.9x), and the project route in a copy of its project whose
 * proxy is set (routes win: never forwarded) against it without (target 0.95x), from
 * bench/issue40-projects.ts. BENCH_ONLY=issue40 runs only these four rows, on the fresh server.
 * Each server is measured twice: fresh (loaded as soon as it answers) and idle (started before
 * the fresh runs and left alone at least BENCH_IDLE_S seconds, as a real server idles before its
 * traffic, and V8 treats an idle process as one to shrink: docs/decisions.md, "A server that has
 * idled answers as fast as a fresh one"). The idle servers wait while the fresh ones are
 * measured, so the wait costs little time; an idle server does nothing on the server core while
 * it waits. The baselines run with the server's Node options (SERVER_NODE_OPTIONS: its heap
 * settings), so that a ratio compares code, not heap settings, and idle the same way.
 * It prints req/s, p50/p99 latency and MB/s of each, the CPU time of the server, the load, the
 * embedded PostgreSQL (whose processes the server starts, so on its core) and other programs,
 * the ratios, the server's peak resident memory and its time to a first answer, each target
 * with PASS or FAIL. A benchmark, not a test: a missed target does not fail the process; a
 * wrong body or a failed request (a non-2xx, a 429 among them, of the load or the probe) does
 * (exit code 1).
 *
 * BENCH_DURATION_S (10), BENCH_WARMUP_S (2) and BENCH_CONNECTIONS (50) tune the load,
 * BENCH_IDLE_S (60; 0: no idle runs) the idle spell, and BENCH_NODE_OPTIONS (space-separated)
 * replaces SERVER_NODE_OPTIONS for every process measured, to weigh other settings.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { compileTemplate } from '@mocksmith/core';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { stringify } from 'yaml';
import { embeddedDatabaseUrl } from '../apps/server/src/db/embedded.ts';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { newRequestId } from '../apps/server/src/lib/ids.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { SERVER_ARGS, SERVER_NODE_OPTIONS } from '../scripts/server-command.mjs';
import {
  createIssue40Projects,
  PROXIED_SLUG,
  UNVALIDATED_SLUG,
  VALIDATED_PATH,
  VALIDATED_SLUG,
} from './issue40-projects.ts';
import { installPeers, mockoonEnvironment, prismSpec } from './peers.ts';
import {
  buildRunner,
  median,
  RESOURCES,
  RUNNER_BIN,
  specOf,
  startToFirstAnswer,
  writeDirectory,
} from './runner-projects.ts';
import {
  COLLECTION_ONE_ID,
  COLLECTION_PAGE,
  COLLECTION_PAGE_SIZE,
  COLLECTION_PATH,
  COLLECTION_RECORDS,
  COLLECTION_TEMPLATE,
  LARGE_ANSWER_BYTES,
  W1_BODY,
  W1_TEMPLATE,
  W2_FIELDS,
  W2_PLACE_TEMPLATE,
  W2_TEMPLATE,
  W2_USERS,
  W3_FIELDS,
  W3_RECORDS,
  W3_TEMPLATE,
} from './workloads.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = envInt('BENCH_DURATION_S', 10, 1);
const WARMUP_S = envInt('BENCH_WARMUP_S', 2, 0);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 50, 1);
const IDLE_S = envInt('BENCH_IDLE_S', 60, 0);
/** Node's options for the server and the baselines alike. */
const NODE_OPTIONS =
  process.env.BENCH_NODE_OPTIONS === undefined
    ? SERVER_NODE_OPTIONS
    : process.env.BENCH_NODE_OPTIONS.split(' ').filter(Boolean);

const TARGETS = {
  w1VsBaseline: 0.6,
  w2VsFaker: 2.5,
  w2VsPlain: 0.5,
  p99Ms: 10,
  rssMb: 250,
  firstAnswerMs: 2000,
  /** Issue 28: a route of a 1,000-route project against the same route at its stand-alone URL. */
  projectRouteVsStandAlone: 0.9,
  /** Issue 39: a record with a person and a place within 1.5x the time of W2's fields. */
  w2PlaceVsW2: 1.5,
  /** Issue 30: W1's route with 20 rules, none matching, against the same route without rules. */
  rulesVsRoute: 0.9,
  /** Issue 31: the route with its calls logged against the same route with logging off. */
  inspectorOnVsOff: 0.95,
  /** Issue 40: a route of a 100-operation spec with validation report, against it off. */
  validatedVsOff: 0.9,
  /** Issue 40: W1's project route in a project whose proxy is set, against it without. */
  proxiedVsRoute: 0.95,
  /** A record, and a page of 20, of a collection of 10,000, at 50 connections. */
  collectionP99Ms: 10,
  /** Issue 38: the runner's start to first answer, a 100-route directory and 1,000 operations. */
  runnerDirectoryStartMs: 1000,
  runnerOpenApiStartMs: 3000,
};

/** % of a core that other programs may use during a run before its figures are suspect. */
const BUSY_CPU = 20;

/** W1 to W3 of DESIGN.md §8; C1 and C2, a collection's record and page (fresh server only). */
const WORKLOADS = ['W1', 'W2', 'W3', 'C1', 'C2'] as const;
type Workload = (typeof WORKLOADS)[number];

/** The small-call probe's pace (bench/probe.ts), and how long it runs alone before W3's load. */
const PROBE_INTERVAL_MS = 5;
const QUIET_PROBE_S = 2;

/** What the small-call probe measured (bench/probe.ts). */
interface ProbeResult {
  calls: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** CPU time the probe used while calling, ms. */
  cpuMs: number;
}

interface Row {
  workload: Workload;
  server: string;
  rps: number;
  p50: number;
  p99: number;
  /** Bytes of answers a second, headers included, MB (10^6). */
  mbps: number;
  /**
   * Peak VmRSS of the node process during the run (warm-up included), MB. The baselines run
   * through tsx, whose loader adds about 30 MB.
   */
  rssMb: number;
  /** Peak total PSS of the embedded PostgreSQL's processes, MB; 0 for the baselines. */
  postgresMb: number;
  /**
   * CPU time during the measured run, in % of one core: the server's node process, the load
   * (wrk, and the probe), the embedded PostgreSQL's processes (on the server's core, which they
   * inherit; 0 for the baselines), and everything else on the machine: other programs, and the
   * kernel's network work that no process is charged for (some 13% of a core under C1's load).
   */
  serverCpu: number;
  loadCpu: number;
  postgresCpu: number;
  otherCpu: number;
  non2xx: number;
  errors: number;
  statuses: string;
  /** W3: the small W1 calls of the probe during the measured run, and alone just before. */
  probe?: ProbeResult;
  quietProbe?: ProbeResult;
  /** Another product (Mockoon CLI, Prism): its failed calls are its figures, not the bench's fault. */
  peer?: boolean;
}

interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<void>;
  stopping?: Promise<void>;
}

const children = new Set<Child>();
const tempDirs = new Set<string>();
let interrupted = false;

function envInt(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    // Read before anything starts: nothing to clean up.
    process.stderr.write(`${name} must be a whole number of at least ${min}, not "${text}"\n`);
    process.exit(1);
  }
  return value;
}

/** Whether a program is on the PATH. */
function has(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** wrk when the machine has it; else autocannon, in this process. */
const WRK = has('wrk');
/** Servers on the last core, the load on the first, when there are two and taskset. */
const PIN = availableParallelism() >= 2 && has('taskset');
const SERVER_CORE = String(availableParallelism() - 1);
const LOAD_CORE = '0';

/**
 * The production command (scripts/server-command.mjs) on the bundle `npm run build` makes; while
 * there is none, the sources through tsx.
 */
function serverCommand(): { args: string[]; description: string } {
  const script = SERVER_ARGS.at(-1) as string;
  const dist = join(ROOT, script);
  const options = NODE_OPTIONS.join(' ');
  if (existsSync(dist)) {
    return {
      args: [...NODE_OPTIONS, dist],
      description: `node ${options} ${script} (built ${statSync(dist).mtime.toISOString()})`,
    };
  }
  return {
    args: [...NODE_OPTIONS, '--import', 'tsx', join(ROOT, 'apps/server/src/server.ts')],
    description: `node ${options} --import tsx apps/server/src/server.ts (no ${script}: the sources, not the bundle; \`npm run build\` first to measure the bundle)`,
  };
}

/** `output: 'errors'` drops the process's stdout (a peer's line per call), keeping its stderr. */
function startNode(
  name: string,
  args: string[],
  env: Record<string, string>,
  output: 'all' | 'errors' = 'all',
): Child {
  const [command, commandArgs] = PIN
    ? ['taskset', ['-c', SERVER_CORE, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // Its own process group, so that a Ctrl-C reaches only the bench, which stops it gracefully.
    detached: true,
    stdio: ['ignore', output === 'all' ? 'pipe' : 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      process.stderr.write(`[${name}] ${error.message}\n`);
      resolve();
    });
  });
  forwardLines(child.stdout, name);
  forwardLines(child.stderr, name);
  const started: Child = { name, process: child, exited };
  children.add(started);
  return started;
}

function forwardLines(stream: Readable | null, name: string): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', function forward(line) {
    // Stack traces in JSON logs run to kilobytes a line: their start says what happened.
    const shown = line.length > 400 ? `${line.slice(0, 400)}…` : line;
    process.stderr.write(`[${name}] ${shown}\n`);
  });
}

function hasExited({ process: child }: Child): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL after 15 s; once only, as a second SIGTERM would cut a graceful stop. */
function stop(child: Child): Promise<void> {
  child.stopping ??= (async () => {
    if (!hasExited(child)) {
      child.process.kill('SIGTERM');
      // The server exits by itself when its graceful shutdown takes over 10 s.
      const inTime = await Promise.race([
        child.exited.then(() => true),
        sleep(15_000, false, { ref: false }),
      ]);
      if (!inTime) {
        child.process.kill('SIGKILL');
        await child.exited;
      }
    }
    children.delete(child);
  })();
  return child.stopping;
}

async function cleanUp(): Promise<void> {
  await Promise.all([...children].map(stop));
  await Promise.all([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs.clear();
}

interface Answer {
  status: number;
  type: string;
  body: string;
  headers: IncomingHttpHeaders;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body,
          headers: response.headers,
        }),
      );
    });
    request.on('error', reject);
    request.setTimeout(5000, () => request.destroy(new Error(`no answer from ${url} in 5 s`)));
  });
}

/** Polls `url` every 20 ms until it answers 200; returns the ms from `since` to that answer. */
/** Milliseconds from `since` until `url` answers 200 (or throws if the child exits first). */
async function msUntilOk(child: Child, url: string, since: number): Promise<number> {
  await waitForOk(child.process, url, 60_000);
  return performance.now() - since;
}

async function checkW1(url: string, who: string): Promise<void> {
  const answer = await get(url);
  checkJson(answer, who);
  if (answer.body !== W1_BODY) {
    throw new Error(`${who}: the W1 body is not the template's literals:\n${answer.body}`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const USER_KEYS = Object.keys(W2_FIELDS).sort().join();

/** Two answers: each ten users of the right shape, and different (generated per request). */
async function checkW2(url: string, who: string, realistic: boolean): Promise<void> {
  const first = await get(url);
  const second = await get(url);
  for (const answer of [first, second]) {
    checkJson(answer, who);
    const users: unknown = JSON.parse(answer.body);
    const valid =
      Array.isArray(users) &&
      users.length === W2_USERS &&
      users.every((user) => isUser(user, realistic));
    if (!valid) throw new Error(`${who}: the W2 body is not ${W2_USERS} users:\n${answer.body}`);
  }
  if (first.body === second.body) {
    throw new Error(`${who}: two W2 answers are the same: the body is not generated per request`);
  }
}

const W3_KEYS = Object.keys(W3_FIELDS).sort().join();

/**
 * W3's worst case, by the server's own rules, reaches the large-answer threshold: else its calls
 * would not go through the workers, and W3 would measure nothing new.
 */
function checkW3Template(): number {
  const compiled = compileTemplate(W3_TEMPLATE);
  if (!compiled.ok)
    throw new Error(`the W3 template is refused: ${JSON.stringify(compiled.errors)}`);
  if (compiled.value.maxBytes < LARGE_ANSWER_BYTES) {
    throw new Error(
      `the W3 template's worst case, ${compiled.value.maxBytes} bytes, is under the large-answer threshold (${LARGE_ANSWER_BYTES}): it would not take the worker path`,
    );
  }
  return compiled.value.maxBytes;
}

/** Two answers: each W3_RECORDS records of the right shape, and different. Its size in bytes. */
async function checkW3(url: string, who: string): Promise<number> {
  const first = await get(url);
  const second = await get(url);
  for (const answer of [first, second]) {
    checkJson(answer, who);
    const records: unknown = JSON.parse(answer.body);
    const valid =
      Array.isArray(records) &&
      records.length === W3_RECORDS &&
      records.every(
        (record) =>
          isUser(record, true, W3_KEYS) &&
          typeof record.city === 'string' &&
          typeof record.company === 'string' &&
          typeof record.createdAt === 'string' &&
          !Number.isNaN(Date.parse(record.createdAt)),
      );
    if (!valid) {
      throw new Error(
        `${who}: the W3 body is not ${W3_RECORDS} records:\n${answer.body.slice(0, 2000)}`,
      );
    }
  }
  if (first.body === second.body) {
    throw new Error(`${who}: two W3 answers are the same: the body is not generated per request`);
  }
  return Buffer.byteLength(first.body);
}

function isUser(
  value: unknown,
  realistic: boolean,
  keys = USER_KEYS,
): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, email, age, active } = value as Record<string, unknown>;
  return (
    Object.keys(value).sort().join() === keys &&
    typeof id === 'string' &&
    UUID.test(id) &&
    typeof name === 'string' &&
    // A full name has a first and a last name; the no-realism baseline's is one random word.
    (realistic ? /\S \S/.test(name) : name.length > 0) &&
    typeof email === 'string' &&
    EMAIL.test(email) &&
    Number.isFinite(age) &&
    typeof active === 'boolean'
  );
}

const ITEM_KEYS = Object.keys(COLLECTION_TEMPLATE).sort().join();
const COLLECTION_PAGES = Math.ceil(COLLECTION_RECORDS / COLLECTION_PAGE_SIZE);

/** A seeded record of the collection with this id: the template's fields, of their types. */
function isItem(value: unknown, id: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const { name, email, age, active } = record;
  return (
    Object.keys(record).sort().join() === ITEM_KEYS &&
    record.id === id &&
    typeof name === 'string' &&
    /\S \S/.test(name) &&
    typeof email === 'string' &&
    EMAIL.test(email) &&
    Number.isFinite(age) &&
    typeof active === 'boolean'
  );
}

/** C1's URL: the record COLLECTION_ONE_ID of the collection at `listUrl`. */
const oneUrlOf = (listUrl: string, id = COLLECTION_ONE_ID) => `${listUrl}/${id}`;

/** C2's URL: the page COLLECTION_PAGE of COLLECTION_PAGE_SIZE records. */
const pageUrlOf = (listUrl: string, page = COLLECTION_PAGE) =>
  `${listUrl}?_page=${page}&_limit=${COLLECTION_PAGE_SIZE}`;

/**
 * The collection at `listUrl`: its first, middle and last records, each of the right shape and
 * id and the same when read again (seeded, not made per call), and its first, middle and last
 * pages, each the right ids, the same records as read one by one, and `X-Total-Count` the whole
 * collection. Returns the ms of its first call, which seeds the records on this node.
 */
async function checkCollection(listUrl: string, who: string): Promise<number> {
  const since = performance.now();
  const first = await get(oneUrlOf(listUrl, 1));
  const firstCallMs = performance.now() - since;
  const records = new Map<number, string>();
  for (const id of [1, COLLECTION_ONE_ID, COLLECTION_RECORDS]) {
    const answer = id === 1 ? first : await get(oneUrlOf(listUrl, id));
    checkJson(answer, `${who}, record ${id}`);
    if (!isItem(JSON.parse(answer.body), id)) {
      throw new Error(`${who}: record ${id} is not a record of the template:\n${answer.body}`);
    }
    const again = await get(oneUrlOf(listUrl, id));
    if (again.body !== answer.body) {
      throw new Error(`${who}: record ${id} read twice differs:\n${answer.body}\n${again.body}`);
    }
    records.set(id, answer.body);
  }
  for (const page of [1, COLLECTION_PAGE, COLLECTION_PAGES]) {
    const answer = await get(pageUrlOf(listUrl, page));
    checkJson(answer, `${who}, page ${page}`);
    const total = answer.headers['x-total-count'];
    if (total !== String(COLLECTION_RECORDS)) {
      throw new Error(
        `${who}: page ${page} says X-Total-Count ${total}, not ${COLLECTION_RECORDS}`,
      );
    }
    const list: unknown = JSON.parse(answer.body);
    const firstId = (page - 1) * COLLECTION_PAGE_SIZE + 1;
    const valid =
      Array.isArray(list) &&
      list.length === COLLECTION_PAGE_SIZE &&
      list.every((record, index) => isItem(record, firstId + index));
    if (!valid) {
      throw new Error(
        `${who}: page ${page} is not records ${firstId} to ${firstId + COLLECTION_PAGE_SIZE - 1}:\n${answer.body.slice(0, 2000)}`,
      );
    }
    for (const record of list as { id: number }[]) {
      const alone = records.get(record.id);
      if (alone !== undefined && alone !== JSON.stringify(record)) {
        throw new Error(`${who}: record ${record.id} in page ${page} differs from it read alone`);
      }
    }
  }
  return firstCallMs;
}

function checkJson(answer: Answer, who: string): void {
  if (answer.status !== 200 || !answer.type.startsWith('application/json')) {
    throw new Error(`${who}: answered ${answer.status} ${answer.type}, not 200 JSON`);
  }
}

/** A value in kB from a /proc/<pid> file, 0 once the process is gone. */
function procKb(pid: number | string, file: string, field: string): number {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The fields of /proc/<pid>/stat after the command name (state, ppid, ...); [] once gone. */
function statFields(pid: number | string): string[] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** User plus system CPU time of a process, in ms (the kernel counts in ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

function parentPid(pid: string): number {
  return Number(statFields(pid)[1] ?? 0);
}

/** Busy CPU time of the whole machine, every core, in ms: all but idle and I/O wait. */
function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const ticks = line.split(/\s+/).slice(1).map(Number);
  // user, nice, system, (idle, iowait), irq, softirq, steal
  const busy = [0, 1, 2, 5, 6, 7].reduce((sum, field) => sum + (ticks[field] ?? 0), 0);
  return busy * 10;
}

/** The embedded PostgreSQL's postmaster and its children (backends and workers); [] if none. */
function postgresPids(dataDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && parentPid(entry) === postmaster) pids.push(Number(entry));
  }
  return pids;
}

/**
 * The embedded PostgreSQL's memory: its postmaster and their children, in PSS so that the
 * shared buffers every backend maps count once.
 */
function postgresPssKb(dataDir: string): number {
  return postgresPids(dataDir).reduce((sum, pid) => sum + procKb(pid, 'smaps_rollup', 'Pss'), 0);
}

/** The CPU time of each of the embedded PostgreSQL's processes, ms, by pid. */
function postgresCpuMs(dataDir: string | null): Map<number, number> {
  return new Map(dataDir ? postgresPids(dataDir).map((pid) => [pid, cpuMs(pid)]) : []);
}

/**
 * The embedded PostgreSQL's CPU time since `before`, ms: a process started since counts whole;
 * one that exited since is lost (the server's pool keeps its connections under load).
 */
function postgresCpuSince(dataDir: string | null, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs(dataDir)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Samples the memory of `pid` (and of the embedded PostgreSQL in `dataDir`) every 250 ms. */
function sampleMemory(pid: number, dataDir: string | null) {
  const peakKb = { node: 0, postgres: 0 };
  const sample = () => {
    peakKb.node = Math.max(peakKb.node, procKb(pid, 'status', 'VmRSS'));
    if (dataDir) peakKb.postgres = Math.max(peakKb.postgres, postgresPssKb(dataDir));
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { node: peakKb.node / 1024, postgres: peakKb.postgres / 1024 };
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** What one load run gave. */
interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Bytes read a second. */
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  statuses: string;
  /** CPU time the load generator used, ms. */
  loadCpuMs: number;
}

/** A wrk duration like `855.00us`, `2.94ms` or `1.20s`, in ms. */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'us'];
}

/** A wrk size like `1.21MB` or `512.00KB` (binary units, as wrk prints them), in bytes. */
function wrkBytes(text: string): number {
  const match = /^([\d.]+)([KMGT]?)B$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 1024 ** ['', 'K', 'M', 'G', 'T'].indexOf(match[2] as string);
}

/**
 * One wrk run on the load core: one thread, CONNECTIONS connections, `seconds` long, with the
 * latency distribution. Its CPU time is sampled from /proc while it runs.
 */
async function runWrk(url: string, seconds: number): Promise<LoadResult> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url];
  const [command, commandArgs] = PIN
    ? ['taskset', ['-c', LOAD_CORE, 'wrk', ...args]]
    : ['wrk', args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let loadCpuMs = 0;
  const sampler = setInterval(() => {
    if (child.pid) loadCpuMs = Math.max(loadCpuMs, cpuMs(child.pid));
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`wrk failed (${code}):\n${output}`);
  const percentileOf = (p: string) =>
    wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50: percentileOf('50'),
    p99: percentileOf('99'),
    bytesPerSecond: wrkBytes(/Transfer\/sec:\s+(\S+)/.exec(output)?.[1] ?? ''),
    non2xx,
    errors,
    statuses: non2xx > 0 ? `${non2xx} non-2xx` : '',
    loadCpuMs,
  };
}

/** One autocannon run from this process (no wrk on the machine). */
async function runAutocannon(url: string, seconds: number): Promise<LoadResult> {
  // autocannon's histogram keeps whole milliseconds: record each latency for exact percentiles.
  const latencies: number[] = [];
  const before = process.cpuUsage();
  const run = autocannon({ url, connections: CONNECTIONS, duration: seconds });
  run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const result: Result = await run;
  const { user, system } = process.cpuUsage(before);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(', '),
    loadCpuMs: (user + system) / 1000,
  };
}

const load = WRK ? runWrk : runAutocannon;

/** A running probe (bench/probe.ts), ready: `go` starts its timed calls. */
interface Probe {
  go(): void;
  result: Promise<ProbeResult>;
}

/**
 * Starts the small-call probe on the load core (beside wrk, off the server's), calling `url` for
 * `seconds` once told to go; resolves once it has made its first call.
 */
async function startProbe(url: string, seconds: number): Promise<Probe> {
  const args = ['--import', 'tsx', join(ROOT, 'bench/probe.ts')];
  const [command, commandArgs] = PIN
    ? ['taskset', ['-c', LOAD_CORE, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      PROBE_URL: url,
      PROBE_SECONDS: String(seconds),
      PROBE_INTERVAL_MS: String(PROBE_INTERVAL_MS),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started: Child = { name: 'probe', process: child, exited };
  children.add(started);
  forwardLines(child.stderr, 'probe');
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done || first.value !== 'ready') {
    await stop(started);
    throw new Error(`the probe did not start: ${first.value ?? 'it exited'}`);
  }
  const result = (async () => {
    const last = await lines.next();
    await exited;
    children.delete(started);
    if (last.done) throw new Error('the probe exited without its figures');
    return JSON.parse(last.value) as ProbeResult;
  })();
  // Awaited by the caller; this only keeps a failure from being unhandled meanwhile.
  result.catch(() => {});
  return { go: () => child.stdin.end('go\n'), result };
}

/** A probe run alone for `seconds`: the small call's latency with nothing else loading the server. */
async function quietProbe(url: string, seconds: number): Promise<ProbeResult> {
  const probe = await startProbe(url, seconds);
  probe.go();
  return probe.result;
}

/** W3's small calls: the URL the probe calls during the load, and whether it first runs alone. */
interface ProbeSettings {
  url: string;
  quiet: boolean;
}

/**
 * Two rows whose ratio is a target and whose difference is small (validation's check costs about
 * 0.5 µs of a call's 70+; twenty rules tried, a few): measured A, B, B, A and each the mean of its two runs, so that what
 * drifts during the pair (a timer's work, the heap growing) falls on both alike. One run each,
 * in turn, once gave 0.86 where the check's own cost predicts 0.99.
 */
async function measureAbba(a: () => Promise<Row>, b: () => Promise<Row>): Promise<[Row, Row]> {
  const a1 = await a();
  const b1 = await b();
  const b2 = await b();
  const a2 = await a();
  return [meanRow(a1, a2), meanRow(b1, b2)];
}

/** Two runs of one row as one: rates and CPU shares averaged, the worse latency and memory. */
function meanRow(one: Row, two: Row): Row {
  const mean = (
    key: 'rps' | 'p50' | 'mbps' | 'serverCpu' | 'loadCpu' | 'postgresCpu' | 'otherCpu',
  ) => (one[key] + two[key]) / 2;
  return {
    ...one,
    rps: mean('rps'),
    p50: mean('p50'),
    p99: Math.max(one.p99, two.p99),
    mbps: mean('mbps'),
    rssMb: Math.max(one.rssMb, two.rssMb),
    postgresMb: Math.max(one.postgresMb, two.postgresMb),
    serverCpu: mean('serverCpu'),
    loadCpu: mean('loadCpu'),
    postgresCpu: mean('postgresCpu'),
    otherCpu: Math.max(one.otherCpu, two.otherCpu),
    non2xx: one.non2xx + two.non2xx,
    errors: one.errors + two.errors,
    statuses: one.statuses === two.statuses ? one.statuses : `${one.statuses}; ${two.statuses}`,
  };
}

/**
 * Loads `url` for the warm-up, then measures it. Memory is sampled through both, CPU time over
 * the measured run only. With `probe`, the small-call probe calls its URL through the measured
 * run (from half a second in to a second before its end), and first alone when `quiet`.
 */
async function measure(
  workload: Workload,
  server: string,
  url: string,
  child: Child,
  dataDir: string | null = null,
  probe: ProbeSettings | null = null,
): Promise<Row> {
  process.stderr.write(`measuring ${workload} ${server}...\n`);
  const pid = child.process.pid ?? 0;
  const quiet = probe?.quiet ? await quietProbe(probe.url, QUIET_PROBE_S) : undefined;
  const memory = sampleMemory(pid, dataDir);
  let result: LoadResult;
  let probed: ProbeResult | undefined;
  let peak: { node: number; postgres: number };
  let started = {
    serverCpuMs: 0,
    postgresCpuMs: new Map<number, number>(),
    machineMs: 0,
    at: 0,
  };
  try {
    if (WARMUP_S > 0) await load(url, WARMUP_S);
    const running = probe ? await startProbe(probe.url, Math.max(1, DURATION_S - 1.5)) : null;
    started = {
      serverCpuMs: cpuMs(pid),
      postgresCpuMs: postgresCpuMs(dataDir),
      machineMs: machineBusyMs(),
      at: performance.now(),
    };
    const loading = load(url, DURATION_S);
    // Awaited below; this only keeps a failure meanwhile from being unhandled.
    loading.catch(() => {});
    if (running) {
      await sleep(500);
      running.go();
      probed = await running.result;
    }
    result = await loading;
  } finally {
    peak = memory.stop();
  }
  if (hasExited(child)) throw new Error(`${child.name} exited during the ${workload} run`);
  const elapsedMs = performance.now() - started.at;
  const percent = (ms: number) => (ms / elapsedMs) * 100;
  const serverCpu = percent(cpuMs(pid) - started.serverCpuMs);
  const postgresCpu = percent(postgresCpuSince(dataDir, started.postgresCpuMs));
  // The probe runs on the load core beside wrk: its CPU time is the load's.
  const loadCpu = percent(result.loadCpuMs + (probed?.cpuMs ?? 0));
  const machineCpu = percent(machineBusyMs() - started.machineMs);
  return {
    workload,
    server,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    mbps: result.bytesPerSecond / 1e6,
    rssMb: peak.node,
    postgresMb: peak.postgres,
    serverCpu,
    loadCpu,
    postgresCpu,
    otherCpu: Math.max(0, machineCpu - serverCpu - loadCpu - postgresCpu),
    non2xx: result.non2xx,
    errors: result.errors,
    statuses: result.statuses,
    probe: probed,
    quietProbe: quiet,
  };
}

interface Baseline {
  workload: Workload;
  label: string;
  file: string;
  check: (url: string, who: string) => Promise<void>;
}

const BASELINES: Baseline[] = [
  {
    workload: 'W1',
    label: 'node:http, precomputed body',
    file: 'w1-precomputed.ts',
    check: checkW1,
  },
  { workload: 'W1', label: 'Fastify, one route, same body', file: 'w1-fastify.ts', check: checkW1 },
  {
    workload: 'W2',
    label: "node:http, faker's API",
    file: 'w2-faker.ts',
    check: (url, who) => checkW2(url, who, true),
  },
  {
    workload: 'W2',
    label: 'node:http, Math.random',
    file: 'w2-plain.ts',
    check: (url, who) => checkW2(url, who, false),
  },
];

/** A baseline started and checked, ready for its load. */
interface Running {
  child: Child;
  url: string;
}

async function startBaseline({ label, file, check }: Baseline): Promise<Running> {
  const port = await freePort();
  const args = [...NODE_OPTIONS, '--import', 'tsx', join(ROOT, 'bench/baselines', file)];
  const child = startNode(label, args, { PORT: String(port) });
  // The same path as the server's, so that every request is the same bytes.
  const url = `http://127.0.0.1:${port}/backend/apitemplate/get/${newRequestId()}`;
  await waitForOk(child.process, url, 60_000);
  await check(url, label);
  return { child, url };
}

async function runBaseline(baseline: Baseline): Promise<Row> {
  const { child, url } = await startBaseline(baseline);
  const row = await measure(baseline.workload, baseline.label, url, child);
  await stop(child);
  return row;
}

/** The routes of the bench's project, and the one of them W1's template answers at. */
const PROJECT_ROUTES = 1000;
const PROJECT_SLUG = 'bench';
/** `/resources-N` and `/resources-N/{id}` for N below 500: the measured one is in the middle. */
const PROJECT_ROUTE_PATH = '/resources-250/42';
/** The measured route's path template: its stand-alone URL is `/api/{its request id}`. */
const ROUTE_OF_PROJECT_PATH = '/resources-250/{id}';

/** W1's template at a route of the same project with RULED_RULES rules, none of which matches. */
const RULED_RULES = 20;
const RULED_ROUTE_PATH = '/ruled/42';

/** The same route in a project of the same routes whose inspector is off: logging's cost, beside it. */
const QUIET_SLUG = 'bench-quiet';

/** The project of C1 and C2, whose only collection is at COLLECTION_PATH. */
const COLLECTION_SLUG = 'bench-items';

/**
 * Stores the W1, W2 and W3 APIs in the running server's embedded database, anonymous (no
 * account: W3's per-account caps do not apply), a project of PROJECT_ROUTES routes whose
 * `GET /resources-250/{id}` answers W1's template, and a project with a collection of
 * COLLECTION_RECORDS records at COLLECTION_PATH; the APIs' request ids.
 */
async function createApis(
  dataDir: string,
): Promise<{ w1: string; w2: string; w2Place: string; w3: string; route: string }> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    const ids = {
      w1: newRequestId(),
      w2: newRequestId(),
      w2Place: newRequestId(),
      w3: newRequestId(),
    };
    const insert = `INSERT INTO apis (request_id, name, template, method) VALUES ($1, $2, $3, 'GET')`;
    await client.query(insert, [ids.w1, 'bench W1', JSON.stringify(W1_TEMPLATE)]);
    await client.query(insert, [ids.w2, 'bench W2', JSON.stringify(W2_TEMPLATE)]);
    await client.query(insert, [
      ids.w2Place,
      'bench W2 + place',
      JSON.stringify(W2_PLACE_TEMPLATE),
    ]);
    await client.query(insert, [ids.w3, 'bench W3', JSON.stringify(W3_TEMPLATE)]);
    await client.query(
      `INSERT INTO users (id, name, email, email_verified) VALUES ('bench', 'Bench', 'bench@example.com', true)`,
    );
    const [project] = (
      await client.query(
        `INSERT INTO projects (owner_id, name, slug, seed) VALUES ('bench', 'Bench', $1, 1) RETURNING id`,
        [PROJECT_SLUG],
      )
    ).rows as { id: string }[];
    // Half lists, half one of each: the table has 500 static prefixes, each with a parameter.
    const routes = Array.from({ length: PROJECT_ROUTES }, (_, index) => {
      const n = Math.floor(index / 2);
      const one = index % 2 === 1;
      return {
        path: one ? `/resources-${n}/{id}` : `/resources-${n}`,
        key: one ? `/resources-${n}/{}` : `/resources-${n}`,
        template: one && n === 250 ? W1_TEMPLATE : { n, one },
      };
    });
    // The inspector's cost: W1's route again, in a project of the same 1,000 routes with logging
    // off (its routes are stored with the bench project's below), so that only logging differs.
    const [quiet] = (
      await client.query(
        `INSERT INTO projects (owner_id, name, slug, seed, settings) VALUES ('bench', 'Bench quiet', $1, 1, '{"logging": false}') RETURNING id`,
        [QUIET_SLUG],
      )
    ).rows as { id: string }[];
    // C1 and C2: a project of its own, holding only the collection, so that W1's project route
    // is resolved in the same project as before collections.
    const [items] = (
      await client.query(
        `INSERT INTO projects (owner_id, name, slug, seed) VALUES ('bench', 'Bench items', $1, 1) RETURNING id`,
        [COLLECTION_SLUG],
      )
    ).rows as { id: string }[];
    await client.query(
      `INSERT INTO collections (project_id, name, path, template, count) VALUES ($1, 'items', $2, $3, $4)`,
      [items?.id, COLLECTION_PATH, JSON.stringify(COLLECTION_TEMPLATE), COLLECTION_RECORDS],
    );
    // The rules' cost: RULED_RULES rules on headers, queries and a parameter, none matching W1's
    // calls, so each call tries them all before its default answers (the worst case).
    const responses = [
      {
        name: 'ok',
        status: 200,
        template: JSON.stringify(W1_TEMPLATE),
        headers: [],
        delay: 0,
        isDefault: true,
      },
      {
        name: 'other',
        status: 200,
        template: '{"other":true}',
        headers: [],
        delay: 0,
        isDefault: false,
      },
    ];
    const rules = Array.from({ length: RULED_RULES }, (_, index) => ({
      combine: index % 2 === 0 ? 'all' : 'any',
      conditions: [
        { source: 'header', name: 'x-tier', operator: 'equals', value: `tier-${index}` },
        index % 3 === 0
          ? { source: 'query', name: 'plan', operator: 'in', values: ['gold', `p${index}`] }
          : { source: 'param', name: 'id', operator: 'gt', value: String(1000 + index) },
      ],
      response: 'other',
    }));
    await client.query(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key, responses, rules)
       VALUES ($1, 'ruled', $2, 'GET', 'bench', $3, '/ruled/{id}', '/ruled/{}', $4, $5)`,
      [
        newRequestId(),
        JSON.stringify(W1_TEMPLATE),
        project?.id,
        JSON.stringify(responses),
        JSON.stringify(rules),
      ],
    );
    // Issue 40: a 100-operation spec's route validated and not; the bench project with a proxy.
    await createIssue40Projects(client, 'bench', () =>
      routes.map((entry) => ({
        path: entry.path,
        key: entry.key,
        template: JSON.stringify(entry.template),
      })),
    );
    // The measured route's request id in the bench project: its stand-alone URL, beside it.
    let route = '';
    for (const owner of [project, quiet]) {
      const stored = routes.map((entry) => ({
        request_id: newRequestId(),
        path: entry.path,
        key: entry.key,
        template: JSON.stringify(entry.template),
      }));
      if (owner === project) {
        route = stored.find((entry) => entry.path === ROUTE_OF_PROJECT_PATH)?.request_id ?? '';
      }
      await client.query(
        `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
         SELECT r.request_id, r.path, r.template, 'GET', 'bench', $1, r.path, r.key
         FROM json_to_recordset($2::json) AS r(request_id text, path text, key text, template text)`,
        [owner?.id, JSON.stringify(stored)],
      );
    }
    return { ...ids, route };
  } finally {
    await client.end();
  }
}

/** A server's DATA_DIR, initialised and holding the three APIs, and how to start it. */
interface Prepared {
  dataDir: string;
  env: Record<string, string>;
  w1Url: string;
  w2Url: string;
  /** W2 whose users have a place too (issue 39's records), beside W2. */
  w2PlaceUrl: string;
  w3Url: string;
  /** W1's template at a route of a project of PROJECT_ROUTES routes. */
  projectUrl: string;
  /** The same route at its stand-alone URL: its project's call all the same (logged, shaped). */
  routeUrl: string;
  /** W1's template at a route of the same project with RULED_RULES rules. */
  ruledUrl: string;
  /** W1's route in a project whose inspector is off. */
  quietUrl: string;
  /** W1's template at a route of a 100-operation spec, validation report, a valid call; off. */
  validatedUrl: string;
  unvalidatedUrl: string;
  /** W1's project route in a project whose proxy is set. */
  proxiedUrl: string;
  /** The list of the collection of COLLECTION_RECORDS records (C1 and C2 are under it). */
  collectionUrl: string;
  /** The first start's time to /backend/health, initdb included. */
  coldStartMs: number;
}

/** Starts the server on a fresh DATA_DIR, stores the APIs, and stops it. */
async function prepareServer(args: string[]): Promise<Prepared> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-bench-'));
  tempDirs.add(dataDir);
  const origin = `http://127.0.0.1:${await freePort()}`;
  const env = {
    NODE_ENV: 'production',
    PORT: new URL(origin).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Empty: the embedded database and in-process limits, whatever this shell has set.
    DATABASE_URL: '',
    REDIS_URL: '',
    MOCK_RATE_LIMIT: '0',
    CREATE_RATE_LIMIT: '0',
    // W3's large answers: the threshold as workloads.ts has it; room at once for every
    // connection (the defaults, 4 per API and 16 a node, would answer most of W3's calls 429);
    // no byte budgets (256 MiB a minute per API would be spent in seconds). The per-account caps
    // do not apply to the anonymous W3 API; set like the others all the same.
    MOCK_LARGE_ANSWER_BYTES: String(LARGE_ANSWER_BYTES),
    MOCK_LARGE_ANSWERS_PER_API: String(CONNECTIONS),
    MOCK_LARGE_ANSWERS_PER_ACCOUNT: String(CONNECTIONS),
    MOCK_LARGE_ANSWERS: String(CONNECTIONS),
    MOCK_API_BYTES_PER_MINUTE: '0',
    MOCK_ACCOUNT_BYTES_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  };
  const since = performance.now();
  const server = startNode('server', args, env);
  const coldStartMs = await msUntilOk(server, `${origin}/backend/health`, since);
  const ids = await createApis(dataDir);
  await stop(server);
  return {
    dataDir,
    env,
    w1Url: `${origin}/backend/apitemplate/get/${ids.w1}`,
    w2Url: `${origin}/backend/apitemplate/get/${ids.w2}`,
    w2PlaceUrl: `${origin}/backend/apitemplate/get/${ids.w2Place}`,
    w3Url: `${origin}/backend/apitemplate/get/${ids.w3}`,
    projectUrl: `${origin}/p/${PROJECT_SLUG}${PROJECT_ROUTE_PATH}`,
    routeUrl: `${origin}/api/${ids.route}`,
    ruledUrl: `${origin}/p/${PROJECT_SLUG}${RULED_ROUTE_PATH}`,
    quietUrl: `${origin}/p/${QUIET_SLUG}${PROJECT_ROUTE_PATH}`,
    validatedUrl: `${origin}/p/${VALIDATED_SLUG}${VALIDATED_PATH}`,
    unvalidatedUrl: `${origin}/p/${UNVALIDATED_SLUG}${VALIDATED_PATH}`,
    proxiedUrl: `${origin}/p/${PROXIED_SLUG}${PROJECT_ROUTE_PATH}`,
    collectionUrl: `${origin}/p/${COLLECTION_SLUG}${COLLECTION_PATH}`,
    coldStartMs,
  };
}

/**
 * Starts a prepared server and checks the three APIs; the ms to W1's first answer, and the size
 * of a W3 answer.
 */
async function startServer(
  args: string[],
  prepared: Prepared,
): Promise<{ child: Child; firstAnswerMs: number; w3Bytes: number }> {
  const since = performance.now();
  const child = startNode('server', args, prepared.env);
  const firstAnswerMs = await msUntilOk(child, prepared.w1Url, since);
  await checkW1(prepared.w1Url, 'server');
  await checkW1(prepared.projectUrl, 'server, project route');
  await checkW1(prepared.routeUrl, "server, the route's stand-alone URL");
  await checkW1(prepared.ruledUrl, 'server, route with rules');
  await checkW1(prepared.quietUrl, 'server, route with the inspector off');
  await checkW1(prepared.validatedUrl, 'server, route of a spec, validation report');
  await checkW1(prepared.unvalidatedUrl, 'server, route of a spec, validation off');
  await checkW1(prepared.proxiedUrl, 'server, route of a project with a proxy');
  // The measured call is valid: report answers it as usual, with no count.
  const checked = await get(prepared.validatedUrl);
  if (checked.headers['x-mock-violations'] !== undefined) {
    throw new Error(
      `server: the validated call breaks its spec (${checked.headers['x-mock-violations']})`,
    );
  }
  await checkW2(prepared.w2Url, 'server', true);
  const w3Bytes = await checkW3(prepared.w3Url, 'server');
  return { child, firstAnswerMs, w3Bytes };
}

interface ServerFigures {
  rows: Row[];
  coldStartMs: number;
  firstAnswerMs: number;
  w3Bytes: number;
  /** The collection's first call, which seeds its records on the node. */
  collectionFirstCallMs: number;
}

/**
 * The fresh server: W1, W1 at a project route, W2 then W3 as soon as it answers; during W3, the
 * probe's small W1 calls, and first the probe alone. Then the collection: checked (its first
 * call seeds it, and is timed), then C1 and C2.
 */
async function runServer(args: string[]): Promise<ServerFigures> {
  process.stderr.write('starting the server on a fresh DATA_DIR...\n');
  const prepared = await prepareServer(args);
  // The figure that counts: a start on an initialised DATA_DIR, up to W1's first answer.
  process.stderr.write('starting it again...\n');
  const { child, firstAnswerMs, w3Bytes } = await startServer(args, prepared);
  const probe = { url: prepared.w1Url, quiet: true };
  const { dataDir: dir } = prepared;
  const issue40 = async () => [
    ...(await measureAbba(
      () => measure('W1', VALIDATED_LABEL, prepared.validatedUrl, child, dir),
      () => measure('W1', UNVALIDATED_LABEL, prepared.unvalidatedUrl, child, dir),
    )),
    await measure('W1', PROXIED_LABEL, prepared.proxiedUrl, child, dir),
  ];
  const figuresOf = (rows: Row[], collectionFirstCallMs: number): ServerFigures => ({
    rows,
    coldStartMs: prepared.coldStartMs,
    firstAnswerMs,
    w3Bytes,
    collectionFirstCallMs,
  });
  if (ISSUE40_ONLY) {
    const rows = [
      await measure('W1', PROJECT_LABEL, prepared.projectUrl, child, dir),
      ...(await issue40()),
    ];
    await stop(child);
    return figuresOf(rows, 0);
  }
  const rows = [
    await measure('W1', 'Mocksmith', prepared.w1Url, child, dir),
    // The rules' ratio is as small a difference as validation's: its two rows in turn.
    ...(await measureAbba(
      () => measure('W1', PROJECT_LABEL, prepared.projectUrl, child, dir),
      () => measure('W1', RULED_LABEL, prepared.ruledUrl, child, dir),
    )),
    await measure('W1', ROUTE_URL_LABEL, prepared.routeUrl, child, dir),
    await measure('W1', QUIET_LABEL, prepared.quietUrl, child, dir),
    ...(await issue40()),
    await measure('W2', 'Mocksmith', prepared.w2Url, child, dir),
    await measure('W2', W2_PLACE_LABEL, prepared.w2PlaceUrl, child, dir),
    await measure('W3', 'Mocksmith', prepared.w3Url, child, dir, probe),
  ];
  const collectionFirstCallMs = await checkCollection(prepared.collectionUrl, 'server, collection');
  const { collectionUrl } = prepared;
  rows.push(await measure('C1', COLLECTION_ONE_LABEL, oneUrlOf(collectionUrl), child, dir));
  rows.push(await measure('C2', COLLECTION_PAGE_LABEL, pageUrlOf(collectionUrl), child, dir));
  await stop(child);
  return figuresOf(rows, collectionFirstCallMs);
}

const IDLE = ', idle';
const W2_PLACE_LABEL = 'Mocksmith, users with a place';
const PROJECT_LABEL = `Mocksmith, route of ${PROJECT_ROUTES.toLocaleString('en-US')}`;
const ROUTE_URL_LABEL = "Mocksmith, the route's stand-alone URL";
const RULED_LABEL = `Mocksmith, route with ${RULED_RULES} rules`;
const QUIET_LABEL = `Mocksmith, route of ${PROJECT_ROUTES.toLocaleString('en-US')}, inspector off`;
const VALIDATED_LABEL = 'Mocksmith, route of a 100-operation spec, validation report';
const UNVALIDATED_LABEL = 'Mocksmith, route of a 100-operation spec, validation off';
const PROXIED_LABEL = `Mocksmith, route of ${PROJECT_ROUTES.toLocaleString('en-US')}, proxy set`;
/** BENCH_ONLY=issue40: the server's project route and issue 40's rows, nothing else. */
const ISSUE40_ONLY = process.env.BENCH_ONLY === 'issue40';
const COLLECTION_ONE_LABEL = `Mocksmith, GET one of ${COLLECTION_RECORDS.toLocaleString('en-US')}`;
const COLLECTION_PAGE_LABEL = `Mocksmith, page of ${COLLECTION_PAGE_SIZE} of ${COLLECTION_RECORDS.toLocaleString('en-US')}`;

/** A process left idle since `since` (performance.now()), then loaded once with `url`. */
interface Idler {
  workload: Workload;
  label: string;
  child: Child;
  url: string;
  dataDir: string | null;
  since: number;
  /** W3's: the small calls during its load (not first alone, which would end the idle spell). */
  probe: ProbeSettings | null;
}

/**
 * Starts the idle runs' processes: a server per workload (a W1 run would otherwise end the idle
 * spell of the W2 one) and every baseline. Each is checked, then left alone.
 */
async function startIdlers(args: string[]): Promise<Idler[]> {
  process.stderr.write(`starting the servers that idle ${IDLE_S} s before their load...\n`);
  const idlers: Idler[] = [];
  for (const workload of ['W1', 'W2', 'W3'] as const) {
    const prepared = await prepareServer(args);
    const { child } = await startServer(args, prepared);
    const url = { W1: prepared.w1Url, W2: prepared.w2Url, W3: prepared.w3Url }[workload];
    const probe = workload === 'W3' ? { url: prepared.w1Url, quiet: false } : null;
    const since = performance.now();
    const { dataDir } = prepared;
    idlers.push({ workload, label: 'Mocksmith', child, url, dataDir, since, probe });
  }
  for (const baseline of BASELINES) {
    const { child, url } = await startBaseline(baseline);
    const since = performance.now();
    idlers.push({ ...baseline, child, url, dataDir: null, since, probe: null });
  }
  return idlers;
}

/** Loads each idler once its idle spell is over; the seconds each idled beside its row. */
async function runIdlers(idlers: Idler[]): Promise<{ rows: Row[]; idledS: number[] }> {
  const rows: Row[] = [];
  const idledS: number[] = [];
  for (const idler of idlers) {
    const left = idler.since + IDLE_S * 1000 - performance.now();
    if (left > 0) {
      process.stderr.write(`waiting ${Math.ceil(left / 1000)} s more for the idle spell...\n`);
      await sleep(left);
    }
    idledS.push((performance.now() - idler.since) / 1000);
    const label = `${idler.label}${IDLE}`;
    const { workload, url, child, dataDir, probe } = idler;
    rows.push(await measure(workload, label, url, child, dataDir, probe));
    await stop(idler.child);
  }
  return { rows, idledS };
}

/** The runner and its peers: their rows, their starts, and what was skipped and why. */
interface RunnerFigures {
  rows: Row[];
  starts: { label: string; ms: number[]; target?: number }[];
  skipped: string[];
}

const RUNNER_LABEL = 'Runner, mocksmith serve';
const START_ROUNDS = envInt('BENCH_START_ROUNDS', 3, 1);

/** A peer or the runner started pinned as the server is, checked at each URL before its load. */
async function startChecked(
  name: string,
  args: string[],
  checks: [url: string, check: (url: string, who: string) => Promise<void>][],
): Promise<Child> {
  const [first] = checks[0] as [string, unknown];
  // Their line per call (the runner's is off, Mockoon's and Prism's are not) goes nowhere.
  const child = startNode(name, [...NODE_OPTIONS, ...args], {}, 'errors');
  await waitForOk(child.process, first, 60_000);
  for (const [url, check] of checks) await check(url, name);
  return child;
}

/** The median of `rounds` starts of `args` (after node) to the first 200 of `url`, pinned. */
async function startTimes(args: string[], path: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < START_ROUNDS; round++) {
    const port = await freePort();
    const command = [process.execPath, ...args.map((arg) => arg.replace('{port}', String(port)))];
    const pinned = PIN ? ['taskset', '-c', SERVER_CORE, ...command] : command;
    times.push(await startToFirstAnswer(pinned, `http://127.0.0.1:${port}${path}`));
  }
  return times;
}

/**
 * Issue 38's runner (packages/cli's build, as the packed tarball runs it) on W1 and W2 at routes
 * of a project directory, then Mockoon CLI and Prism on the same workloads, each as it serves
 * them natively, pinned as the server; then the start to first answer of the runner for a
 * 100-route directory and a 1,000-operation OpenAPI file, and of the peers for the same file.
 */
async function runRunnerAndPeers(): Promise<RunnerFigures> {
  process.stderr.write('building the runner (packages/cli/build.mjs)...\n');
  buildRunner();
  const dir = await mkdtemp(join(tmpdir(), 'mocksmith-bench-runner-'));
  tempDirs.add(dir);
  const rows: Row[] = [];
  const skipped: string[] = [];
  const w2 = (url: string, who: string) => checkW2(url, who, true);
  const project = join(dir, 'project');
  await writeDirectory(project, 0, [
    { path: '/w1', template: W1_TEMPLATE },
    { path: '/w2', template: W2_TEMPLATE },
  ]);
  let port = await freePort();
  let origin = `http://127.0.0.1:${port}`;
  const runner = await startChecked(
    RUNNER_LABEL,
    [RUNNER_BIN, 'serve', project, '--port', String(port), '--log', 'off'],
    [
      [`${origin}/w1`, checkW1],
      [`${origin}/w2`, w2],
    ],
  );
  rows.push(await measure('W1', RUNNER_LABEL, `${origin}/w1`, runner));
  rows.push(await measure('W2', RUNNER_LABEL, `${origin}/w2`, runner));
  await stop(runner);

  const peers = installPeers();
  const spec = join(dir, 'thousand.yaml');
  await writeFile(spec, stringify(specOf(RESOURCES)));
  const starts: RunnerFigures['starts'] = [
    {
      label: 'runner, 100-route directory',
      ms: await (async () => {
        const hundred = join(dir, 'hundred');
        await writeDirectory(hundred, 100);
        return startTimes([RUNNER_BIN, 'serve', hundred, '--port', '{port}'], '/r0/1');
      })(),
      target: TARGETS.runnerDirectoryStartMs,
    },
    {
      label: `runner, ${RESOURCES * 4}-operation OpenAPI file`,
      ms: await startTimes([RUNNER_BIN, 'serve', spec, '--port', '{port}'], '/r0'),
      target: TARGETS.runnerOpenApiStartMs,
    },
  ];
  if ('skipped' in peers.mockoon) skipped.push(`Mockoon CLI: ${peers.mockoon.skipped}`);
  else {
    const label = `Mockoon CLI ${peers.mockoon.version}`;
    const data = join(dir, 'mockoon.json');
    await writeFile(data, JSON.stringify(mockoonEnvironment()));
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const mockoon = peers.mockoon.bin;
    const args = [mockoon, 'start', '-d', data, '-p', String(port), '-X', '--disable-admin-api'];
    const child = await startChecked(label, args, [
      [`${origin}/w1`, checkW1],
      [`${origin}/w2`, w2],
    ]);
    rows.push({ ...(await measure('W1', label, `${origin}/w1`, child)), peer: true });
    rows.push({ ...(await measure('W2', label, `${origin}/w2`, child)), peer: true });
    await stop(child);
    starts.push({
      label: `${label}, the same OpenAPI file`,
      ms: await startTimes([mockoon, 'start', '-d', spec, '-p', '{port}', '-X'], '/r0'),
    });
  }
  if ('skipped' in peers.prism) skipped.push(`Prism: ${peers.prism.skipped}`);
  else {
    const label = `Prism ${peers.prism.version}`;
    const file = join(dir, 'prism.json');
    await writeFile(file, JSON.stringify(prismSpec()));
    const prism = peers.prism.bin;
    // W1 is /w1's example, as `prism mock` serves it; W2 is generated from /w2's schema, which
    // only `--dynamic` does (and then for every route): one process each.
    for (const [workload, dynamic] of [
      ['W1', false],
      ['W2', true],
    ] as const) {
      port = await freePort();
      const url = `http://127.0.0.1:${port}/${workload.toLowerCase()}`;
      const name = dynamic ? `${label}, --dynamic` : label;
      const args = [prism, 'mock', file, '-p', String(port), ...(dynamic ? ['-d'] : [])];
      const child = await startChecked(name, args, [[url, dynamic ? w2 : checkW1]]);
      rows.push({ ...(await measure(workload, name, url, child)), peer: true });
      await stop(child);
    }
    starts.push({
      label: `${label}, the same OpenAPI file`,
      ms: await startTimes([prism, 'mock', spec, '-p', '{port}'], '/r0'),
    });
  }
  return { rows, starts, skipped };
}

/** A ratio of two rows' req/s against its lower bound, printed as printTarget prints it. */
function printRatioTarget(label: string, ratio: number, target: number): void {
  printTarget(label, ratio, ratio.toFixed(2), `>= ${target.toFixed(2)}`, ratio >= target);
}

/** The runner's figures beside the server's and the baselines', and its starts with targets. */
function printRunner(figures: RunnerFigures, rows: Row[]): void {
  console.log('');
  console.log(
    `the runner (packages/cli's build, --log off) and its peers (each logging as it does by default, to /dev/null), pinned as the server; NODE_OPTIONS as the server's`,
  );
  for (const workload of ['W1', 'W2'] as const) {
    const runner = findRow(rows, workload, RUNNER_LABEL);
    const others = rows.filter(
      (row) =>
        row.workload === workload && row.server !== RUNNER_LABEL && !row.server.endsWith(IDLE),
    );
    const beside = others
      .map((row) => `${row.server} ${integer(row.rps)} (${(runner.rps / row.rps).toFixed(2)}x)`)
      .join('; ');
    console.log(
      `  ${workload} runner ${integer(runner.rps)} req/s, p99 ${runner.p99.toFixed(2)} ms; runner/other: ${beside}`,
    );
  }
  for (const reason of figures.skipped) console.log(`  skipped ${reason}`);
  for (const { label, ms, target } of figures.starts) {
    const shown = `median ${integer(median(ms))} ms (${ms.map(integer).join(', ')})`;
    if (target === undefined) console.log(`start to first answer, ${label}: ${shown}`);
    else {
      const value = median(ms);
      printTarget(`start, ${label}`, value, shown, `< ${integer(target)} ms`, value < target);
    }
  }
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');

function printTable(rows: Row[]): void {
  const columns: [string, number, (row: Row) => string][] = [
    ['workload', -9, (row) => row.workload],
    ['server', -35, (row) => row.server],
    ['req/s', 8, (row) => integer(row.rps)],
    ['p50 ms', 8, (row) => row.p50.toFixed(2)],
    ['p99 ms', 8, (row) => row.p99.toFixed(2)],
    ['MB/s', 7, (row) => row.mbps.toFixed(1)],
    ['rss MB', 8, (row) => integer(row.rssMb)],
    ['cpu %', 6, (row) => integer(row.serverCpu)],
    ['load cpu %', 11, (row) => integer(row.loadCpu)],
    ['pg cpu %', 9, (row) => integer(row.postgresCpu)],
    ['other cpu %', 12, (row) => integer(row.otherCpu)],
    ['non-2xx', 8, (row) => String(row.non2xx)],
    ['errors', 7, (row) => String(row.errors)],
  ];
  const cell = (text: string, width: number) =>
    width < 0 ? text.padEnd(-width) : text.padStart(width);
  console.log(columns.map(([title, width]) => cell(title, width)).join(' '));
  for (const row of rows) {
    console.log(columns.map(([, width, value]) => cell(value(row), width)).join(' '));
  }
}

function printTarget(
  label: string,
  measured: number,
  shown: string,
  target: string,
  pass: boolean,
  note = '',
): void {
  const verdict = Number.isFinite(measured) && pass ? 'PASS' : 'FAIL';
  console.log(
    `${`${label}: ${shown}`.padEnd(36)} ${`target ${target}`.padEnd(18)} ${verdict}${note}`,
  );
}

function findRow(rows: Row[], workload: Workload, server: string): Row {
  const row = rows.find((r) => r.workload === workload && r.server === server);
  if (!row) throw new Error(`no ${workload} ${server} row`);
  return row;
}

/** `p50 0.52 / p99 1.20 ms (1,780 calls)`, and any failed ones. */
function probeText({ calls, p50, p99, non2xx, errors }: ProbeResult): string {
  const failed = non2xx + errors > 0 ? `, ${non2xx} non-2xx, ${errors} errors` : '';
  return `p50 ${p50.toFixed(2)} / p99 ${p99.toFixed(2)} ms (${integer(calls)} calls${failed})`;
}

async function main(): Promise<void> {
  const w3MaxBytes = checkW3Template();
  const server = serverCommand();
  console.log(
    `Mocksmith HTTP benchmark: node ${process.version}, ${availableParallelism()} CPUs, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per workload`,
  );
  console.log(`server: ${server.description}`);
  console.log(`baselines: node ${NODE_OPTIONS.join(' ')} --import tsx bench/baselines/*.ts`);
  console.log(
    `W3 large answer: ${W3_RECORDS} records, worst case ${integer(w3MaxBytes / 1024)} KiB >= ${integer(LARGE_ANSWER_BYTES / 1024)} KiB: rendered in a worker thread; the server's large-answer caps at ${CONNECTIONS} at once, byte budgets off`,
  );
  console.log(
    WRK
      ? `load: wrk, 1 thread${PIN ? `, pinned to core ${LOAD_CORE}; the servers to core ${SERVER_CORE}` : ' (no taskset: not pinned)'}`
      : 'load: autocannon in this process (no wrk on the machine: apt-get install wrk); its ratios flatter the server, as it saturates first',
  );

  // BENCH_ONLY=runner: the baselines, the runner and its peers, without the server's runs.
  const runnerOnly = process.env.BENCH_ONLY === 'runner';
  if (runnerOnly) console.log('BENCH_ONLY=runner: the server is not measured');
  if (ISSUE40_ONLY) {
    console.log('BENCH_ONLY=issue40: the project route, validated and proxied, fresh server only');
    const { rows } = await runServer(server.args);
    console.log('');
    printTable(rows);
    console.log('');
    printIssue40Targets(rows);
    return checkRows(rows);
  }
  // Started first, so that they idle while the fresh ones are measured.
  const idlers = IDLE_S > 0 && !runnerOnly ? await startIdlers(server.args) : [];
  const ours = runnerOnly ? null : await runServer(server.args);
  const baselines: Row[] = [];
  for (const baseline of BASELINES) baselines.push(await runBaseline(baseline));
  const runner = await runRunnerAndPeers();
  const idle = await runIdlers(idlers);
  const order = (row: Row) =>
    `${WORKLOADS.indexOf(row.workload)} ${row.server.endsWith(IDLE) ? 1 : 0}`;
  const rows = [...(ours?.rows ?? []), ...baselines, ...runner.rows, ...idle.rows].sort((a, b) =>
    order(a).localeCompare(order(b)),
  );

  console.log('');
  printTable(rows);
  if (idlers.length > 0) {
    const [shortest, longest] = [Math.min(...idle.idledS), Math.max(...idle.idledS)];
    console.log(
      `rows "${IDLE.slice(2)}": started before the fresh runs and left idle ${integer(shortest)}–${integer(longest)} s (at least ${IDLE_S} s) before their load`,
    );
  }
  printRunner(runner, rows);
  console.log('');
  if (ours === null) return checkRows(rows);

  const states = idlers.length > 0 ? ['', IDLE] : [''];
  for (const state of states) {
    const name = state === '' ? 'fresh' : 'idle';
    const w1 = findRow(rows, 'W1', `Mocksmith${state}`);
    const w2 = findRow(rows, 'W2', `Mocksmith${state}`);
    const w1Base = findRow(rows, 'W1', `node:http, precomputed body${state}`);
    const w2Faker = findRow(rows, 'W2', `node:http, faker's API${state}`);
    const w2Plain = findRow(rows, 'W2', `node:http, Math.random${state}`);
    const ratio = (value: number, target: number, label: string) =>
      printTarget(label, value, value.toFixed(2), `>= ${target.toFixed(2)}`, value >= target);
    ratio(w1.rps / w1Base.rps, TARGETS.w1VsBaseline, `${name}: ratio W1 server/baseline`);
    ratio(w2.rps / w2Faker.rps, TARGETS.w2VsFaker, `${name}: ratio W2 server/faker-api`);
    ratio(w2.rps / w2Plain.rps, TARGETS.w2VsPlain, `${name}: ratio W2 server/no-realism`);
    for (const row of [w1, w2]) {
      printTarget(
        `${name}: p99 ${row.workload} server`,
        row.p99,
        `${row.p99.toFixed(2)} ms`,
        `< ${TARGETS.p99Ms} ms`,
        row.p99 < TARGETS.p99Ms,
      );
    }
    printTarget(
      `${name}: server rss peak`,
      w2.rssMb,
      `${integer(w2.rssMb)} MB`,
      `< ${TARGETS.rssMb} MB`,
      w2.rssMb < TARGETS.rssMb,
      `  (during W2; embedded PostgreSQL besides: ${integer(w2.postgresMb)} MB PSS)`,
    );
  }
  // Routing must not cost the hot path: W1's route of a large project at its project's base
  // URL, beside the same route at its own stand-alone URL (a call of its project all the same:
  // logged, counted, shaped), in the same run.
  const standAloneW1 = findRow(rows, 'W1', 'Mocksmith');
  const routeW1 = findRow(rows, 'W1', PROJECT_LABEL);
  const ownUrlW1 = findRow(rows, 'W1', ROUTE_URL_LABEL);
  printRatioTarget(
    'fresh: ratio W1 project route/its stand-alone URL',
    routeW1.rps / ownUrlW1.rps,
    TARGETS.projectRouteVsStandAlone,
  );
  // What a project's call costs over an anonymous API's (routing, the request log and the
  // analytics, none of which an anonymous API has): printed, no target (docs/decisions.md).
  console.log(
    `fresh: ratio W1 project route/anonymous stand-alone API: ${(routeW1.rps / standAloneW1.rps).toFixed(2)} (no target: an anonymous API is neither logged nor counted)`,
  );
  // Rules must cost little: the same template at a route whose 20 rules are all tried.
  const ruledW1 = findRow(rows, 'W1', RULED_LABEL);
  printRatioTarget(
    `fresh: ratio W1 route with ${RULED_RULES} rules/route without`,
    ruledW1.rps / routeW1.rps,
    TARGETS.rulesVsRoute,
  );
  // The inspector must not slow the hot path: the route (every call logged) against the same
  // route in a project whose logging is off.
  const quietW1 = findRow(rows, 'W1', QUIET_LABEL);
  printRatioTarget(
    'fresh: ratio W1 route, inspector on/off',
    routeW1.rps / quietW1.rps,
    TARGETS.inspectorOnVsOff,
  );
  printIssue40Targets(rows);
  printTarget(
    'fresh: p99 W1 project route',
    routeW1.p99,
    `${routeW1.p99.toFixed(2)} ms`,
    `< ${TARGETS.p99Ms} ms`,
    routeW1.p99 < TARGETS.p99Ms,
  );
  // Records that agree must cost little: W2's users with a place, against W2, in the same run.
  const w2Fresh = findRow(rows, 'W2', 'Mocksmith');
  const w2Place = findRow(rows, 'W2', W2_PLACE_LABEL);
  printTarget(
    'fresh: time of W2 with a place/W2',
    w2Fresh.rps / w2Place.rps,
    (w2Fresh.rps / w2Place.rps).toFixed(2),
    `<= ${TARGETS.w2PlaceVsW2.toFixed(2)}`,
    w2Fresh.rps / w2Place.rps <= TARGETS.w2PlaceVsW2,
  );
  printTarget(
    'first answer',
    ours.firstAnswerMs,
    `${integer(ours.firstAnswerMs)} ms`,
    `< ${TARGETS.firstAnswerMs} ms`,
    ours.firstAnswerMs < TARGETS.firstAnswerMs,
    `  (second start; the cold first start, initdb included, answered /backend/health in ${integer(ours.coldStartMs)} ms)`,
  );
  if (idlers.length > 0) {
    // The same server and baselines, idle against fresh: below 1, idling cost them speed.
    const kept = (workload: Workload, server: string) =>
      findRow(rows, workload, `${server}${IDLE}`).rps / findRow(rows, workload, server).rps;
    console.log(
      `idle/fresh req/s: W1 server ${kept('W1', 'Mocksmith').toFixed(2)}, baseline ${kept('W1', 'node:http, precomputed body').toFixed(2)}; W2 server ${kept('W2', 'Mocksmith').toFixed(2)}, faker-api ${kept('W2', "node:http, faker's API").toFixed(2)}; W3 server ${kept('W3', 'Mocksmith').toFixed(2)}`,
    );
  }

  // W3 has no baseline peer and no target: its figures beside W1's of the same run and state,
  // and what the worker is for: the small calls' latency while large answers are being made.
  console.log('');
  console.log(
    `W3 large answer (~${integer(ours.w3Bytes / 1000)} KB a call, through the worker thread): no baseline peer, no target`,
  );
  for (const state of states) {
    const name = state === '' ? 'fresh' : 'idle';
    const w1 = findRow(rows, 'W1', `Mocksmith${state}`);
    const w3 = findRow(rows, 'W3', `Mocksmith${state}`);
    const figures = (row: Row) =>
      `${integer(row.rps)} req/s, p99 ${row.p99.toFixed(2)} ms, ${row.mbps.toFixed(1)} MB/s, ${row.non2xx} non-2xx`;
    console.log(`  ${name}: W3 ${figures(w3)}  |  W1 ${figures(w1)}`);
    if (w3.probe) {
      const alone = w3.quietProbe ? `; alone just before: ${probeText(w3.quietProbe)}` : '';
      console.log(
        `  ${name}: small W1 call, one every ${PROBE_INTERVAL_MS} ms, during W3's load: ${probeText(w3.probe)}${alone}`,
      );
    }
  }

  // A collection's reads, beside W1 at its stand-alone URL in the same run: one query each (the state's
  // version), the records in memory.
  console.log('');
  console.log(
    `collection ${COLLECTION_PATH} of ${integer(COLLECTION_RECORDS)} records, one fixed URL each (no wrk Lua script): C1 ${COLLECTION_PATH}/${COLLECTION_ONE_ID}, C2 ${COLLECTION_PATH}?_page=${COLLECTION_PAGE}&_limit=${COLLECTION_PAGE_SIZE}; first call (seeds the records): ${integer(ours.collectionFirstCallMs)} ms`,
  );
  for (const [workload, label] of [
    ['C1', COLLECTION_ONE_LABEL],
    ['C2', COLLECTION_PAGE_LABEL],
  ] as const) {
    const row = findRow(rows, workload, label);
    console.log(
      `  fresh: ${workload} ${label.slice('Mocksmith, '.length)}: ${integer(row.rps)} req/s, p50 ${row.p50.toFixed(2)} / p99 ${row.p99.toFixed(2)} ms, ratio to W1 stand-alone URL ${(row.rps / standAloneW1.rps).toFixed(2)} (W1 ${integer(standAloneW1.rps)} req/s)`,
    );
  }
  for (const [workload, label, name] of [
    ['C1', COLLECTION_ONE_LABEL, 'record'],
    ['C2', COLLECTION_PAGE_LABEL, 'page'],
  ] as const) {
    const row = findRow(rows, workload, label);
    printTarget(
      `fresh: p99 ${workload} collection ${name}`,
      row.p99,
      `${row.p99.toFixed(2)} ms`,
      `< ${TARGETS.collectionP99Ms} ms`,
      row.p99 < TARGETS.collectionP99Ms,
    );
  }

  checkRows(rows);
}

/**
 * Issue 40's targets: validation report on a route of a 100-operation spec against it off, and
 * W1's project route with a proxy set against it without.
 */
function printIssue40Targets(rows: Row[]): void {
  const validated = findRow(rows, 'W1', VALIDATED_LABEL);
  const unvalidated = findRow(rows, 'W1', UNVALIDATED_LABEL);
  printRatioTarget(
    'fresh: ratio W1 route of a 100-operation spec, validation report/off',
    validated.rps / unvalidated.rps,
    TARGETS.validatedVsOff,
  );
  const route = findRow(rows, 'W1', PROJECT_LABEL);
  const proxied = findRow(rows, 'W1', PROXIED_LABEL);
  printRatioTarget(
    'fresh: ratio W1 project route, proxy set/none',
    proxied.rps / route.rps,
    TARGETS.proxiedVsRoute,
  );
}

/** Says which rows ran on a busy machine, and fails the run on figures from failed requests. */
function checkRows(rows: Row[]): void {
  // On a small machine, another program's CPU time comes out of the server's or the load's.
  for (const row of rows) {
    if (row.otherCpu > BUSY_CPU) {
      console.log(
        `BUSY MACHINE during ${row.workload} ${row.server}: other programs used ${integer(row.otherCpu)}% of a core; its figures are unreliable`,
      );
    }
  }
  // Figures from failed requests mean nothing: say so, and fail.
  for (const row of rows) {
    if (row.non2xx > 0 || row.errors > 0) {
      const failed = `${row.non2xx} non-2xx, ${row.errors} errors or timeouts (${row.statuses})`;
      // A peer's timeouts under the load are how it copes with it: said, not a failed run.
      if (row.peer) console.log(`PEER ${row.workload} ${row.server}: ${failed}`);
      else {
        console.log(`INVALID ${row.workload} ${row.server}: ${failed}`);
        process.exitCode = 1;
      }
    }
    for (const probe of [row.quietProbe, row.probe]) {
      if (probe && probe.non2xx + probe.errors > 0) {
        console.log(
          `INVALID ${row.workload} ${row.server}, small-call probe: ${probe.non2xx} non-2xx, ${probe.errors} errors or timeouts`,
        );
        process.exitCode = 1;
      }
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, function onSignal() {
    interrupted = true;
    process.stderr.write(`${signal}: stopping the servers...\n`);
    void cleanUp().finally(() => process.exit(128 + constants.signals[signal]));
  });
}

try {
  await main();
} catch (error) {
  if (!interrupted) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}

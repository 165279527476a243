/**
 * `npm run bench:fairness`: what one account's heavy calls cost everyone else (issue 36). It
 * starts the production server (its embedded PostgreSQL in a fresh DATA_DIR, the mock rate limit
 * off, every other limit as configured by default), pinned to one core, and while one account
 * loads it, two probes (bench/probe.ts, pinned with the load to the other core) call
 * `/backend/health` and a small route of another account's project every few ms, and report
 * their p99. The scenarios, each for FAIRNESS_SECONDS (10):
 *   quiet     nothing but the probes, for comparison;
 *   lists20   20 clients at once, each calling `GET /big?_embed=bigorders&_limit=1000` again
 *             and again: a collection of 10,000 records embedding another of 10,000;
 *   lists50   the same with 50 clients, in another account's project (each has its own budget
 *             of large answers' bytes a minute, which lists20 may spend);
 *   rules     one client saving a route of 50 rules of 20 regex conditions again and again
 *             (PUT), each save followed by a call of the route (its first, which compiles them);
 *             past the bounds of a route's rules, refused (400) since issue 36;
 *   rulesmax  the same with the costliest route those bounds take (10 rules of one 250-instruction
 *             `\pL{248}` each, on a JSON body field), each first call sent 4,096 letters;
 *   import    one client importing an OpenAPI file of 1,000 operations into a project, again
 *             and again (each into a fresh project).
 * Printed per scenario: the probes' calls and p50/p99/max, and the load's answers by status
 * (429s are the caps at work: they are what keeps the probes' p99 down, not failures). A client
 * refused with 429 waits its Retry-After before calling again, as clients should; with
 * FAIRNESS_RETRY_AFTER=0 it calls again at once (a flood of refusals, which the platform's rate
 * limit, off here, is for).
 * FAIRNESS_SCENARIOS (comma-separated) picks some; FAIRNESS_NODE_ARGS (space-separated) adds
 * Node options to the server's (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile);
 * FAIRNESS_SERVER names another build's server.js (an earlier commit's, to compare);
 * FAIRNESS_PIN=0 runs every process on any core (the server's embedded PostgreSQL, which it
 * starts, otherwise shares its core). A failed probe call, or a load answer other than 2xx, 429
 * or the rules scenario's 400, fails the bench (exit code 1).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { embeddedDatabaseUrl } from '../apps/server/src/db/embedded.ts';
import { freePort } from '../apps/server/src/lib/free-port.ts';
import { newRequestId } from '../apps/server/src/lib/ids.ts';
import { waitForOk } from '../apps/server/test/wait-for-ok.ts';
import { SERVER_ARGS, SERVER_NODE_OPTIONS } from '../scripts/server-command.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.FAIRNESS_SECONDS ?? 10);
const SCENARIOS = (process.env.FAIRNESS_SCENARIOS ?? 'quiet,lists20,lists50,rules,rulesmax,import')
  .split(',')
  .filter(Boolean);
const EXTRA_NODE_ARGS = (process.env.FAIRNESS_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PROBE_INTERVAL_MS = 10;
const RECORDS = 10_000;
const RULES = 50;
const CONDITIONS = 20;
const OPERATIONS = 1000;
const HONOUR_RETRY_AFTER = process.env.FAIRNESS_RETRY_AFTER !== '0';

const PIN = process.env.FAIRNESS_PIN !== '0' && availableParallelism() >= 2 && has('taskset');
const SERVER_CORE = String(availableParallelism() - 1);
const LOAD_CORE = '0';

interface ProbeResult {
  calls: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

interface Answer {
  status: number;
  body: string;
  /** Seconds, for a 429. */
  retryAfter: number;
}

const children = new Set<ChildProcess>();

function has(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Runs `args` with node on `core` (when pinning), its output prefixed on stderr. */
function startNode(
  name: string,
  core: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  const [command, commandArgs] = PIN
    ? ['taskset', ['-c', core, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  createInterface({ input: child.stderr }).on('line', (line) =>
    process.stderr.write(`[${name}] ${line.slice(0, 400)}\n`),
  );
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function call(
  method: string,
  url: string,
  { body, headers = {} }: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          retryAfter: Number(response.headers['retry-after'] ?? 0),
        }),
      );
    });
    request.on('error', reject);
    request.setTimeout(120_000, () => request.destroy(new Error(`no answer from ${url}`)));
    request.end(body);
  });
}

/** A probe on the load core calling `url` for `seconds` once told to go (bench/probe.ts). */
async function startProbe(url: string, seconds: number) {
  const child = startNode('probe', LOAD_CORE, ['--import', 'tsx', 'bench/probe.ts'], {
    PROBE_URL: url,
    PROBE_SECONDS: String(seconds),
    PROBE_INTERVAL_MS: String(PROBE_INTERVAL_MS),
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[
    Symbol.asyncIterator
  ]();
  const first = await lines.next();
  if (first.done || first.value !== 'ready') throw new Error(`the probe of ${url} did not start`);
  const result = (async () => {
    const last = await lines.next();
    if (last.done) throw new Error(`the probe of ${url} exited without its figures`);
    return JSON.parse(last.value) as ProbeResult;
  })();
  return { go: () => child.stdin?.end('go\n'), result };
}

/** The first value of `pattern` i, j: about 160 RE2 instructions, distinct per condition. */
const rulePattern = (rule: number, condition: number) =>
  `^/v[0-9]+/(users|orders|items)/[a-z0-9-]{1,64}-${rule}-${condition}$`;

/** The route at the bounds of rules: 10 patterns of 250 instructions on a body field. */
function maxRulesBody(): string {
  return JSON.stringify({
    method: 'POST',
    path: '/ruled-max',
    responses: [
      { name: 'ok', status: 200, template: '{"ok":true}', default: true },
      { name: 'other', status: 200, template: '{"other":true}' },
    ],
    rules: Array.from({ length: 10 }, () => ({
      conditions: [{ source: 'body', name: '$.text', operator: 'regex', value: '\\pL{248}' }],
      response: 'other',
    })),
  });
}

/**
 * 4,096 letters (the longest value a regex reads), a digit every 230: no run of 248 letters,
 * so every pattern reads all of it.
 */
const LETTERS = JSON.stringify({
  text: `${'abcé'.repeat(58).slice(0, 230)}1`.repeat(20).slice(0, 4096),
});

function rulesBody(): string {
  return JSON.stringify({
    method: 'GET',
    path: '/ruled',
    responses: [
      { name: 'ok', status: 200, template: '{"ok":true}', default: true },
      { name: 'other', status: 200, template: '{"other":true}' },
    ],
    rules: Array.from({ length: RULES }, (_, rule) => ({
      combine: 'all',
      conditions: Array.from({ length: CONDITIONS }, (_, condition) => ({
        source: 'header',
        name: 'x-path',
        operator: 'regex',
        value: rulePattern(rule, condition),
      })),
      response: 'other',
    })),
  });
}

/** An OpenAPI 3.0 file of OPERATIONS operations: 500 resources, a list and an item each. */
function largeSpec(): string {
  const item = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      createdAt: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  const ok = (schema: unknown) => ({
    200: { description: 'OK', content: { 'application/json': { schema } } },
  });
  const paths: Record<string, unknown> = {};
  for (let n = 0; n < OPERATIONS / 2; n++) {
    paths[`/resources-${n}`] = { get: { responses: ok({ type: 'array', items: item }) } };
    paths[`/resources-${n}/{id}`] = {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: ok(item),
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths });
}

function multipart(text: string): { body: Buffer; contentType: string } {
  const boundary = `----fairness${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.json"\r\nContent-Type: application/json\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Setup {
  key: string;
  rulesProjectId: string;
  ruledRouteId: string;
  /** Another account (its own saves a minute): its key, project and route at the bounds. */
  maxKey: string;
  maxProjectId: string;
  maxRouteId: string;
  importProjects: string[];
}

/** The heavy account (an API key, its projects, collections and route) and the other's route. */
async function seed(dataDir: string): Promise<Setup> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, name, email, email_verified) VALUES ('heavy', 'Heavy', 'heavy@example.com', true), ('other', 'Other', 'other@example.com', true), ('heavy-max', 'Max', 'max@example.com', true)`,
    );
    const keyOf = async (userId: string) => {
      const key = `mks_${randomBytes(32).toString('base64url')}`;
      await client.query(
        `INSERT INTO api_keys (user_id, name, prefix, hash) VALUES ($1, 'bench', $2, $3)`,
        [userId, key.slice(0, 12), createHash('sha256').update(key).digest('base64url')],
      );
      return key;
    };
    const key = await keyOf('heavy');
    const maxKey = await keyOf('heavy-max');
    const project = async (owner: string, slug: string) =>
      (
        await client.query<{ id: string }>(
          `INSERT INTO projects (owner_id, name, slug, seed) VALUES ($1, $2, $2, 1) RETURNING id`,
          [owner, slug],
        )
      ).rows[0]?.id as string;
    // lists20's and lists50's projects, each of an account of its own: each has its own
    // budget of large answers' bytes a minute, which one scenario would spend for the next.
    for (const slug of ['heavy', 'heavy-50']) {
      const heavy = await project(slug === 'heavy' ? 'heavy' : 'heavy-max', slug);
      await client.query(
        `INSERT INTO collections (project_id, name, path, template, count) VALUES
          ($1, 'big', '/big', $2, $4), ($1, 'bigorders', '/bigorders', $3, $4)`,
        [
          heavy,
          JSON.stringify({ id: 'number', name: 'string.name.fullname', email: 'email' }),
          JSON.stringify({ id: 'number', bigId: 'ref:big.id', total: 'number.money.price' }),
          RECORDS,
        ],
      );
    }
    const other = await project('other', 'other');
    await client.query(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
       VALUES ($1, 'ping', '{"pong":true}', 'GET', 'other', $2, '/ping', '/ping')`,
      [newRequestId(), other],
    );
    const rulesProjectId = await project('heavy', 'heavy-rules');
    const ruled = await client.query<{ id: string }>(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
       VALUES ($1, 'ruled', '{"ok":true}', 'GET', 'heavy', $2, '/ruled', '/ruled') RETURNING id`,
      [newRequestId(), rulesProjectId],
    );
    const maxProjectId = await project('heavy-max', 'heavy-max');
    const max = await client.query<{ id: string }>(
      `INSERT INTO apis (request_id, name, template, method, owner_id, project_id, route_path, route_key)
       VALUES ($1, 'ruled-max', '{"ok":true}', 'POST', 'heavy-max', $2, '/ruled-max', '/ruled-max') RETURNING id`,
      [newRequestId(), maxProjectId],
    );
    const importProjects: string[] = [];
    for (let n = 0; n < 20; n++) importProjects.push(await project('heavy', `heavy-import-${n}`));
    return {
      key,
      rulesProjectId,
      ruledRouteId: ruled.rows[0]?.id as string,
      maxKey,
      maxProjectId,
      maxRouteId: max.rows[0]?.id as string,
      importProjects,
    };
  } finally {
    await client.end();
  }
}

const complained = new Set<string>();
/** Says once per kind of call what an unexpected answer was. */
function complain(what: string, answer: Answer): void {
  if (complained.has(what)) return;
  complained.add(what);
  process.stderr.write(`${what}: ${answer.status} ${answer.body.slice(0, 300)}\n`);
}

type Statuses = Map<number, number>;
const count = (statuses: Statuses, status: number) =>
  statuses.set(status, (statuses.get(status) ?? 0) + 1);

/**
 * Calls `one` from `clients` loops until `until`, counting the answers' statuses; a loop whose
 * call was refused waits its Retry-After (unless FAIRNESS_RETRY_AFTER=0).
 */
async function loops(
  clients: number,
  until: number,
  one: (client: number) => Promise<Answer[]>,
): Promise<Statuses> {
  const statuses: Statuses = new Map();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        for (const answer of await one(client)) {
          count(statuses, answer.status);
          if (answer.status === 429 && HONOUR_RETRY_AFTER) {
            const wait = Math.min(answer.retryAfter * 1000, until - performance.now());
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }
        }
      }
    }),
  );
  return statuses;
}

async function main() {
  // FAIRNESS_SERVER: another build's server.js (an earlier commit's, to compare).
  const script = process.env.FAIRNESS_SERVER ?? (SERVER_ARGS.at(-1) as string);
  if (!existsSync(join(ROOT, script)) && !existsSync(script)) {
    throw new Error(`no ${script}: npm run build first`);
  }
  if (PIN) execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)]);
  const dataDir = await mkdtemp(join(tmpdir(), 'mocksmith-fairness-'));
  const origin = `http://127.0.0.1:${await freePort()}`;
  const env = {
    NODE_ENV: 'production',
    PORT: new URL(origin).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    MOCK_RATE_LIMIT: '0',
    OPENAPI_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
  const args = [...SERVER_NODE_OPTIONS, ...EXTRA_NODE_ARGS, script];
  const server = startNode('server', SERVER_CORE, args, env);
  server.stdout?.resume();
  let failed = false;
  try {
    await waitForOk(server, `${origin}/backend/health`, 60_000);
    const setup = await seed(dataDir);
    const auth = { authorization: `Bearer ${setup.key}` };
    const health = `${origin}/backend/health`;
    const otherRoute = `${origin}/p/other/ping`;
    const listUrl = (slug: string) => `${origin}/p/${slug}/big?_embed=bigorders&_limit=1000`;
    // The records are seeded by the first calls (in the background worker), not during the load.
    const first = ['heavy', 'heavy-50'].flatMap((slug) => [
      `${origin}/p/${slug}/big/1`,
      `${origin}/p/${slug}/bigorders/1`,
    ]);
    for (const url of [...first, otherRoute]) {
      const answer = await call('GET', url);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${answer.body}`);
    }
    const spec = multipart(largeSpec());
    const rules = rulesBody();
    const maxRules = maxRulesBody();
    let imports = 0;
    /** Saves a route (PUT), then makes its first call; refusals (400, 429) end the round. */
    const saveAndCall = async (
      key: string,
      route: string,
      body: string,
      first: () => Promise<Answer>,
    ) => {
      const saved = await call('PUT', `${origin}/backend/projects/${route}`, {
        body,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      });
      if (saved.status !== 200) {
        if (saved.status !== 429 && saved.status !== 400) complain('save', saved);
        return [saved];
      }
      return [saved, await first()];
    };
    const scenarios: Record<string, (until: number) => Promise<Statuses>> = {
      quiet: async (until) => {
        await new Promise((resolve) => setTimeout(resolve, until - performance.now()));
        return new Map();
      },
      lists20: (until) => loops(20, until, async () => [await call('GET', listUrl('heavy'))]),
      lists50: (until) => loops(50, until, async () => [await call('GET', listUrl('heavy-50'))]),
      rules: (until) =>
        loops(1, until, () =>
          saveAndCall(
            setup.key,
            `${setup.rulesProjectId}/routes/${setup.ruledRouteId}`,
            rules,
            () =>
              call('GET', `${origin}/p/heavy-rules/ruled`, {
                headers: { 'x-path': '/v1/users/none' },
              }),
          ),
        ),
      rulesmax: (until) =>
        loops(1, until, () =>
          saveAndCall(
            setup.maxKey,
            `${setup.maxProjectId}/routes/${setup.maxRouteId}`,
            maxRules,
            () =>
              call('POST', `${origin}/p/heavy-max/ruled-max`, {
                body: LETTERS,
                headers: { 'content-type': 'application/json' },
              }),
          ),
        ),
      import: (until) =>
        loops(1, until, async () => {
          const project = setup.importProjects[imports++ % setup.importProjects.length];
          const answer = await call('POST', `${origin}/backend/projects/${project}/import`, {
            body: spec.body,
            headers: { ...auth, 'content-type': spec.contentType },
          });
          if (answer.status !== 201 && answer.status !== 429) complain('import', answer);
          return [answer];
        }),
    };
    const rows: string[] = [];
    for (const name of SCENARIOS) {
      const scenario = scenarios[name];
      if (!scenario) throw new Error(`no scenario "${name}": ${Object.keys(scenarios).join(', ')}`);
      process.stderr.write(`${name}...\n`);
      const probes = await Promise.all([
        startProbe(health, SECONDS),
        startProbe(otherRoute, SECONDS),
      ]);
      for (const probe of probes) probe.go();
      const [statuses, healthProbe, routeProbe] = await Promise.all([
        scenario(performance.now() + SECONDS * 1000),
        probes[0]?.result as Promise<ProbeResult>,
        probes[1]?.result as Promise<ProbeResult>,
      ]);
      const load = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      // The bound of a route's rules refuses the issue's route (400): what the scenario shows.
      const refusal = (status: number) => status === 429 || (name === 'rules' && status === 400);
      for (const [status] of statuses)
        if (status < 200 || (status > 299 && !refusal(status))) failed = true;
      for (const probe of [healthProbe, routeProbe])
        if (probe.errors + probe.non2xx > 0) failed = true;
      const figures = (probe: ProbeResult) =>
        `${probe.calls} calls, p50 ${probe.p50.toFixed(1)} p99 ${probe.p99.toFixed(1)} max ${probe.max.toFixed(0)} ms${probe.errors + probe.non2xx > 0 ? ` (${probe.errors} failed, ${probe.non2xx} non-2xx)` : ''}`;
      rows.push(
        `${name.padEnd(8)} health: ${figures(healthProbe)}\n${''.padEnd(8)} other's route: ${figures(routeProbe)}\n${''.padEnd(8)} load: ${load || 'none'}`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
    process.stdout.write(
      `\nserver: node ${args.join(' ')}${PIN ? ` on core ${SERVER_CORE}, probes and load on core ${LOAD_CORE}` : ''}; ${SECONDS} s a scenario; a refused client ${HONOUR_RETRY_AFTER ? 'waits its Retry-After' : 'calls again at once'}\n${rows.join('\n')}\n`,
    );
  } finally {
    agent.destroy();
    await Promise.all([...children].map(stop));
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();

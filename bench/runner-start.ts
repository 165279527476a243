/**
 * `npx tsx bench/runner-start.ts`: the runner's start to first answer for an OpenAPI file of
 * 1,000 operations (issue 38's goal: under 3 s; Prism took 330 ms for 600 endpoints before a
 * regression made it 27 s). 250 resources, each with a list, an add, a read and a delete, their
 * bodies derived from a schema of eight fields through a `$ref`, written as YAML. Measured two
 * ways, each the median of BENCH_ROUNDS runs (and a project directory of 100 routes, written by
 * the format's writer, from the spawn to its first answer):
 *   - the command, as a user runs it: from the spawn of `mocksmith serve` (node, tsx loading core
 *     and the engine from source) to the first 200 of GET /r0, polled every 2 ms;
 *   - in process (`startMockServer`, modules already loaded): the read, dereference, import plan,
 *     compilation and route table, then the first answer.
 * With `--w1 PORT`, it serves W1 (bench/workloads.ts) from an OpenAPI file's example at
 * http://127.0.0.1:PORT/w1 until stopped, for wrk pinned as the HTTP bench pins
 * (`taskset -c 1` for the runner, `taskset -c 0 wrk -t1 -c50 -d10s URL`); with `--w2 PORT`, W2's
 * template at http://127.0.0.1:PORT/r0/1 of a one-route project directory.
 * A benchmark, not a test: it prints figures and checks only that the answers are answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockServer } from '@mocksmith/cli';
import { type ProjectBundle, writeProjectFiles } from '@mocksmith/core/project-files';
import { stringify } from 'yaml';
import { W1_BODY, W1_TEMPLATE, W2_TEMPLATE } from './workloads.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RESOURCES = 250;
const BIN = new URL('../packages/cli/bin/mocksmith.mjs', import.meta.url).pathname;

/** An OpenAPI 3.0 document of RESOURCES × 4 operations. */
function specOf(resources: number): object {
  const paths: Record<string, unknown> = {};
  const one = (name: string) => ({
    description: `One ${name}`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
  });
  for (let index = 0; index < resources; index++) {
    const name = `r${index}`;
    paths[`/${name}`] = {
      get: {
        operationId: `list${index}`,
        responses: {
          '200': {
            description: 'The list',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
              },
            },
          },
        },
      },
      post: { operationId: `add${index}`, responses: { '201': one(name) } },
    };
    paths[`/${name}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: `read${index}`,
        responses: { '200': one(name), '404': { description: 'No such item' } },
      },
      delete: { operationId: `delete${index}`, responses: { '204': { description: 'Deleted' } } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Thousand operations', version: '1.0.0' },
    paths,
    components: {
      schemas: {
        Item: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            email: { type: 'string', format: 'email' },
            createdAt: { type: 'string', format: 'date-time' },
            price: { type: 'number' },
            active: { type: 'boolean' },
            tags: { type: 'array', items: { type: 'string' } },
            owner: { type: 'string', format: 'uuid' },
          },
        },
      },
    },
  };
}

/** A project of `count` routes (a GET of ten generated users each), written as its directory. */
async function writeDirectory(dir: string, count: number): Promise<void> {
  const bundle: ProjectBundle = {
    project: {
      name: 'Hundred routes',
      slug: 'hundred',
      seed: 1,
      settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
    },
    routes: Array.from({ length: count }, (_, index) => ({
      method: 'GET' as const,
      path: `/r${index}/{id}`,
      responses: [
        {
          name: 'ok',
          status: 200,
          template: JSON.stringify(W2_TEMPLATE),
          headers: [],
          delay: 0,
          isDefault: true,
        },
      ],
      mode: 'default' as const,
      rules: [],
      network: null,
      overrides: true,
      authToken: null,
    })),
    collections: [],
  };
  for (const [file, text] of writeProjectFiles(bundle, 'yaml')) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Polls `url` every 2 ms until it answers 200; resolves to when it did. */
async function firstAnswer(url: string, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mocksmith exited with ${child.exitCode}`);
    try {
      const answer = await fetch(url);
      if (answer.status === 200) {
        await answer.text();
        return performance.now();
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 2));
  }
}

async function commandStart(file: string, port: number, path = '/r0'): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', file, '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    return (await firstAnswer(`http://127.0.0.1:${port}${path}`, child)) - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((exited) => child.once('exit', exited));
  }
}

async function inProcessStart(file: string): Promise<{ start: number; first: number }> {
  const started = performance.now();
  const server = await startMockServer({ openapi: file });
  const listening = performance.now();
  const answer = await fetch(`${server.url}/r0/1`);
  if (answer.status !== 200) throw new Error(`GET /r0/1 answered ${answer.status}`);
  await answer.text();
  const first = performance.now();
  await server.close();
  return { start: listening - started, first: first - started };
}

async function serveW1(port: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mocksmith-w1-'));
  const file = join(dir, 'w1.json');
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'W1', version: '1' },
      paths: {
        '/w1': {
          get: {
            responses: {
              '200': {
                description: 'W1',
                content: { 'application/json': { example: W1_TEMPLATE } },
              },
            },
          },
        },
      },
    }),
  );
  const server = await startMockServer({ openapi: file, port });
  const body = await (await fetch(`${server.url}/w1`)).text();
  process.stdout.write(
    `W1 at ${server.url}/w1 (${body === W1_BODY ? 'the W1 body' : `a body of ${body.length} bytes`}); Ctrl-C to stop\n`,
  );
  await new Promise<void>((stop) => process.once('SIGINT', () => server.close().then(stop)));
  await rm(dir, { recursive: true, force: true });
}

/** W2 (ten users generated per call) at a route of a project's bundle, for wrk. */
async function serveW2(port: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mocksmith-w2-'));
  await writeDirectory(dir, 1);
  const server = await startMockServer({ dir, port });
  const users = JSON.parse(await (await fetch(`${server.url}/r0/1`)).text()) as unknown[];
  process.stdout.write(`W2 at ${server.url}/r0/1 (${users.length} users); Ctrl-C to stop\n`);
  await new Promise<void>((stop) => process.once('SIGINT', () => server.close().then(stop)));
  await rm(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const w1 = process.argv.indexOf('--w1');
  if (w1 !== -1) return serveW1(Number(process.argv[w1 + 1] ?? 4020));
  const w2 = process.argv.indexOf('--w2');
  if (w2 !== -1) return serveW2(Number(process.argv[w2 + 1] ?? 4020));
  const spec = process.argv.indexOf('--write');
  if (spec !== -1) {
    // The file alone, to serve it by hand: `--write thousand.yaml`.
    return writeFile(process.argv[spec + 1] ?? 'thousand.yaml', stringify(specOf(RESOURCES)));
  }
  const dir = await mkdtemp(join(tmpdir(), 'mocksmith-start-'));
  const file = join(dir, 'thousand.yaml');
  const text = stringify(specOf(RESOURCES));
  await writeFile(file, text);
  process.stdout.write(
    `${RESOURCES * 4} operations, ${(text.length / 1024).toFixed(0)} KiB of YAML; ${ROUNDS} rounds\n`,
  );
  try {
    const command: number[] = [];
    for (let round = 0; round < ROUNDS; round++)
      command.push(await commandStart(file, 4100 + round));
    process.stdout.write(
      `mocksmith serve, spawn to first answer: median ${median(command).toFixed(0)} ms (${command.map((ms) => ms.toFixed(0)).join(', ')})\n`,
    );
    const project = join(dir, 'hundred');
    await writeDirectory(project, 100);
    const fromFiles: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      fromFiles.push(await commandStart(project, 4200 + round, '/r0/1'));
    }
    process.stdout.write(
      `mocksmith serve of a 100-route directory, spawn to first answer: median ${median(fromFiles).toFixed(0)} ms (${fromFiles.map((ms) => ms.toFixed(0)).join(', ')})\n`,
    );
    const inProcess: { start: number; first: number }[] = [];
    // The first in-process round loads the modules; the figures are those of the rounds after.
    await inProcessStart(file);
    for (let round = 0; round < ROUNDS; round++) inProcess.push(await inProcessStart(file));
    process.stdout.write(
      `startMockServer, modules loaded: listening in ${median(inProcess.map((r) => r.start)).toFixed(0)} ms, first answer at ${median(inProcess.map((r) => r.first)).toFixed(0)} ms\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npx tsx bench/runner-start.ts`: the runner's start to first answer for an OpenAPI file of
 * 1,000 operations (issue 38's goal: under 3 s; Prism took 330 ms for 600 endpoints before a
 * regression made it 27 s) and a project directory of 100 routes (goal: under 1 s). 250
 * resources, each with a list, an add, a read and a delete, their bodies derived from a schema of
 * eight fields through a `$ref`, written as YAML (bench/runner-projects.ts). Measured two ways,
 * each the median of BENCH_ROUNDS runs:
 *   - the command, as a user of the packed tarball runs it: from the spawn of `mocksmith serve`
 *     (the build, dist/mocksmith.js, made first) to the first 200 of GET /r0, polled every 2 ms;
 *   - in process (`startMockServer` of the build, modules already loaded): the read,
 *     dereference, import plan, compilation and route table, then the first answer.
 * `npm run bench` measures the same starts pinned, and the runner's W1 and W2 beside the server's
 * (bench/http.ts). `--write FILE` writes the OpenAPI file alone, to serve it by hand.
 * A benchmark, not a test: it prints figures and checks only that the answers are answers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import {
  buildRunner,
  median,
  RESOURCES,
  RUNNER_BIN,
  specOf,
  startToFirstAnswer,
  writeDirectory,
} from './runner-projects.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const serve = (target: string, port: number) => [
  process.execPath,
  RUNNER_BIN,
  'serve',
  target,
  '--port',
  String(port),
];

async function inProcessStart(file: string): Promise<{ start: number; first: number }> {
  // The build's programmatic API (tsx resolves @mocksmith/cli to dist/index.js).
  const { startMockServer } = await import('@mocksmith/cli');
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

const figures = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (${values.map((ms) => ms.toFixed(0)).join(', ')})`;

async function main(): Promise<void> {
  const spec = process.argv.indexOf('--write');
  if (spec !== -1) {
    return writeFile(process.argv[spec + 1] ?? 'thousand.yaml', stringify(specOf(RESOURCES)));
  }
  buildRunner();
  const dir = await mkdtemp(join(tmpdir(), 'mocksmith-start-'));
  const file = join(dir, 'thousand.yaml');
  const text = stringify(specOf(RESOURCES));
  await writeFile(file, text);
  process.stdout.write(
    `${RESOURCES * 4} operations, ${(text.length / 1024).toFixed(0)} KiB of YAML; ${ROUNDS} rounds\n`,
  );
  try {
    const command: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const port = 4100 + round;
      command.push(await startToFirstAnswer(serve(file, port), `http://127.0.0.1:${port}/r0`));
    }
    process.stdout.write(`mocksmith serve, spawn to first answer: ${figures(command)}\n`);
    const project = join(dir, 'hundred');
    await writeDirectory(project, 100);
    const fromFiles: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const port = 4200 + round;
      const url = `http://127.0.0.1:${port}/r0/1`;
      fromFiles.push(await startToFirstAnswer(serve(project, port), url));
    }
    process.stdout.write(
      `mocksmith serve of a 100-route directory, spawn to first answer: ${figures(fromFiles)}\n`,
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

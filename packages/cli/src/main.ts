/**
 * The `mocksmith` command: `serve` a project directory or an OpenAPI file, `validate` a project
 * directory, `--help`. Returns the exit code; `serve` resolves once the server has closed
 * (Ctrl-C, SIGTERM).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatFileProblem, type ProjectBundle } from '@mocksmith/core/project-files';
import { proxyUrlSchema } from '@mocksmith/core/projects';
import { readProjectDirectory } from './directory.ts';
import { createHost, unansweredSummary } from './host.ts';
import { bundleOfSpecFile, SpecError } from './openapi.ts';
import { serveBundle } from './project.ts';
import { createFileRecorder } from './record.ts';
import { watchProject } from './watch.ts';

export const HELP = `Usage: mocksmith <command> [options]

Commands:
  serve <openapi.yaml|openapi.json>   Serve an OpenAPI file as if imported into a project
  serve <dir>                         Serve a project's files (mocksmith.yaml, routes/, collections/)
  validate <dir>                      Check a project's files: file:line: reason for each problem

Options of serve:
  --port <n>    The port to listen on (default 4010; 0 for any free port)
  --host <h>    The address to listen on (default 127.0.0.1)
  --seed <n>    The project's seed (an OpenAPI file's: 1 by default; a directory's: its own)
  --watch       Read a directory's files again on each change (the last good version serves)
  --log <f>     text (default): a line per call; json: a JSON object per call
  --strict      Exit 1 if any call found no route (404 of an unknown path, 405)
  --proxy <url> Forward the calls no route answers to this API (same path and query);
                its answers carry X-Mock-Proxied: true
  --record      With a directory and a proxy: write each forwarded JSON answer as a route
                file in routes/ (typed template, the bodies as examples), at most 100
  -h, --help    This help

The project answers at the root of its port and at /p/{slug} too; POST /__reset restores
its collections; GET /backend/projects/{slug}/requests lists its calls, as the service's
verification API. A line per call: method, path, status, the response (and rule) that
answered, time. At exit, the calls no route answered.
`;

/** Where the command writes: its output and its errors. */
export interface Output {
  write(text: string): unknown;
}

/** Runs the command line; resolves to the exit code. */
export async function main(
  args: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
) {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    err.write(`mocksmith: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    out.write(HELP);
    return positionals.length === 0 && !values.help ? 2 : 0;
  }
  const [command, target] = positionals;
  if ((command !== 'serve' && command !== 'validate') || target === undefined) {
    err.write(`mocksmith: unknown command "${positionals.join(' ')}"\n\n${HELP}`);
    return 2;
  }
  if (command === 'validate') return validate(target, out, err);
  const format = values.log ?? 'text';
  if (format !== 'text' && format !== 'json') {
    err.write(`mocksmith: --log must be text or json, not "${values.log}"\n`);
    return 2;
  }
  const port = Number(values.port ?? 4010);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    err.write(`mocksmith: --port must be a port number, not "${values.port}"\n`);
    return 2;
  }
  if (seed !== undefined && !Number.isSafeInteger(seed)) {
    err.write(`mocksmith: --seed must be an integer, not "${values.seed}"\n`);
    return 2;
  }
  let proxy: string | undefined;
  if (values.proxy !== undefined) {
    const checked = proxyUrlSchema.safeParse(values.proxy);
    if (!checked.success) {
      err.write(`mocksmith: --proxy: ${checked.error.issues[0]?.message ?? 'not a URL'}\n`);
      return 2;
    }
    proxy = checked.data;
  }
  let directory: boolean;
  try {
    directory = (await stat(target)).isDirectory();
  } catch {
    err.write(`mocksmith: no file or directory "${target}"\n`);
    return 1;
  }
  const started = performance.now();
  let bundle: ProjectBundle;
  if (directory) {
    const read = await readProjectDirectory(target);
    if (!read.ok) {
      // Each problem as file:line: reason, so that an editor jumps to it.
      for (const problem of read.problems) err.write(`${formatFileProblem(problem)}\n`);
      err.write(
        `mocksmith: ${target} does not read as a project (${read.problems.length} problems)\n`,
      );
      return 1;
    }
    for (const warning of read.warnings) err.write(`warning: ${formatFileProblem(warning)}\n`);
    bundle =
      seed === undefined
        ? read.bundle
        : { ...read.bundle, project: { ...read.bundle.project, seed } };
  } else {
    let read: Awaited<ReturnType<typeof bundleOfSpecFile>>;
    try {
      read = await bundleOfSpecFile(target, { seed });
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      err.write(`mocksmith: ${error.message}\n`);
      return 1;
    }
    for (const skipped of read.skipped) err.write(`skipped ${skipped}\n`);
    for (const warning of read.warnings) err.write(`warning: ${warning}\n`);
    bundle = read.bundle;
  }
  const missing = new Set<string>();
  const project = serveBundle(bundle, { missing });
  for (const name of missing) err.write(`warning: ${name} is not set: what it protects is open\n`);
  for (const route of project.broken) err.write(`warning: ${route} does not compile: left out\n`);
  if (values.record && (!directory || (proxy === undefined && !project.settings.proxy))) {
    err.write('mocksmith: --record needs a directory to write to and a proxy (--proxy URL)\n');
    return 2;
  }
  let host: ReturnType<typeof createHost>;
  const recorder = values.record
    ? createFileRecorder({
        dir: target,
        format: (await isJsonProject(target)) ? 'json' : 'yaml',
        project: () => host.project(),
        reload: async () => {
          const read = await readProjectDirectory(target);
          if (read.ok) await host.swap(serveBundle(read.bundle, { previous: host.project() }));
        },
        onWrite: (line) => out.write(`${line}\n`),
      })
    : undefined;
  host = createHost(project, {
    log: (line) => out.write(`${line}\n`),
    format,
    proxy,
    record: recorder ? (exchange) => recorder.record(exchange) : undefined,
  });
  let url: string;
  try {
    url = await host.listen(port, values.host ?? '127.0.0.1');
  } catch (error) {
    err.write(
      `mocksmith: cannot listen on ${values.host ?? '127.0.0.1'}:${port}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  const routes = project.table.routes.length;
  out.write(
    `${project.name}: ${routes} places at ${url} (and ${url}/p/${project.slug}), ready in ${Math.round(performance.now() - started)} ms\n`,
  );
  if (values.watch && !directory) err.write('warning: --watch watches a directory only\n');
  const watching =
    values.watch && directory
      ? watchProject(target, host, {
          seed,
          onReload(reload) {
            if (reload.ok) {
              for (const name of reload.missing) {
                err.write(`warning: ${name} is not set: what it protects is open\n`);
              }
              for (const route of reload.broken) {
                err.write(`warning: ${route} does not compile: left out\n`);
              }
              out.write(`reloaded: ${reload.places} places in ${Math.round(reload.ms)} ms\n`);
              return;
            }
            for (const problem of reload.problems) err.write(`${formatFileProblem(problem)}\n`);
            err.write(
              `mocksmith: ${target} does not read (${reload.problems.length} problems): the last good version still serves\n`,
            );
          },
        })
      : null;
  await new Promise<void>((stopped) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      watching?.close();
      host.close().then(stopped, stopped);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await recorder?.idle();
  const unanswered = host.unanswered();
  for (const line of unansweredSummary(unanswered)) err.write(`${line}\n`);
  return values.strict && unanswered.length > 0 ? 1 : 0;
}

/** Whether a project directory's project file is JSON (`mocksmith.json`), not YAML. */
async function isJsonProject(dir: string): Promise<boolean> {
  try {
    await stat(join(dir, 'mocksmith.json'));
    return true;
  } catch {
    return false;
  }
}

/**
 * `validate <dir>`: every file read as `serve` reads it; each problem as `file:line: reason`
 * and 1, or a line saying what the project holds and 0 (for pre-commit hooks and CI).
 */
async function validate(dir: string, out: Output, err: Output): Promise<number> {
  let directory: boolean;
  try {
    directory = (await stat(dir)).isDirectory();
  } catch {
    directory = false;
  }
  if (!directory) {
    err.write(`mocksmith: no directory "${dir}"\n`);
    return 1;
  }
  const read = await readProjectDirectory(dir);
  if (!read.ok) {
    for (const problem of read.problems) out.write(`${formatFileProblem(problem)}\n`);
    err.write(`mocksmith: ${dir}: ${read.problems.length} problems\n`);
    return 1;
  }
  for (const warning of read.warnings) out.write(`warning: ${formatFileProblem(warning)}\n`);
  const { project, routes, collections } = read.bundle;
  // A route the reader accepts but the engine cannot compile is left out by `serve`: a problem.
  const served = serveBundle(read.bundle, { missing: new Set() });
  if (served.broken.length > 0) {
    for (const route of served.broken) out.write(`${route}: does not compile\n`);
    err.write(`mocksmith: ${dir}: ${served.broken.length} problems\n`);
    return 1;
  }
  out.write(
    `${dir}: ${project.name} (${project.slug}) is valid: ${routes.length} routes, ${collections.length} collections\n`,
  );
  return 0;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      watch: { type: 'boolean' },
      log: { type: 'string' },
      strict: { type: 'boolean' },
      proxy: { type: 'string' },
      record: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

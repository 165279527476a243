/**
 * The `mocksmith` command: `serve` a project directory or an OpenAPI file, `--help`. Returns the
 * exit code; `serve` resolves once the server has closed (Ctrl-C, SIGTERM).
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatFileProblem, type ProjectBundle } from '@mocksmith/core/project-files';
import { readProjectDirectory } from './directory.ts';
import { createHost } from './host.ts';
import { bundleOfSpecFile, SpecError } from './openapi.ts';
import { serveBundle } from './project.ts';

export const HELP = `Usage: mocksmith <command> [options]

Commands:
  serve <openapi.yaml|openapi.json>   Serve an OpenAPI file as if imported into a project
  serve <dir>                         Serve a project's files (mocksmith.yaml, routes/, collections/)

Options of serve:
  --port <n>    The port to listen on (default 4010; 0 for any free port)
  --host <h>    The address to listen on (default 127.0.0.1)
  --seed <n>    The project's seed (an OpenAPI file's: 1 by default; a directory's: its own)
  -h, --help    This help

The project answers at the root of its port and at /p/{slug} too; POST /__reset restores
its collections. A line per call: method, path, status, the response (and rule) that
answered, time.
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
  if (command !== 'serve' || target === undefined) {
    err.write(`mocksmith: unknown command "${positionals.join(' ')}"\n\n${HELP}`);
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
  const host = createHost(project, { log: (line) => out.write(`${line}\n`) });
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
  await new Promise<void>((stopped) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      host.close().then(stopped, stopped);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
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
      help: { type: 'boolean', short: 'h' },
    },
  });
}

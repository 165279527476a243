/**
 * The `mocksmith` command: `serve` a project directory or an OpenAPI file, `validate` a project
 * directory, `--help`. Returns the exit code; `serve` resolves once the server has closed
 * (Ctrl-C, SIGTERM). Only the command's words load here: a command's work (serve.ts,
 * validate.ts) is loaded when it runs, so that `--help` and a mistyped option answer at once.
 */
import { parseArgs } from 'node:util';
import type { ValidationMode } from '@mocksmith/core/projects';

/** The modes of --validate (core's VALIDATION_MODES, written here: core is not loaded for --help). */
const VALIDATION_MODES = ['off', 'report', 'enforce'] as const satisfies readonly ValidationMode[];

export const HELP = `Usage: mocksmith <command> [options]

Commands:
  serve <openapi.yaml|openapi.json>   Serve an OpenAPI file as if imported into a project
  serve <dir>                         Serve a project's files (mocksmith.yaml, routes/, collections/)
  validate <dir>                      Check a project's files: file:line: reason for each problem
  pull <slug|id> <dir>                Write a hosted project's files into <dir>
  push <dir>                          Send <dir>'s files to the project they were pulled from
                                      (a new project when they were pulled from none)

Options of serve:
  --port <n>    The port to listen on (default 4010; 0 for any free port)
  --host <h>    The address to listen on (default 127.0.0.1)
  --seed <n>    The project's seed (an OpenAPI file's: 1 by default; a directory's: its own)
  --watch       Read a directory's files again on each change (the last good version serves)
  --log <f>     text (default): a line per call; json: a JSON object per call; off: none
  --strict      Exit 1 if any call found no route (404 of an unknown path, 405)
  --validate <m>  Check calls against the OpenAPI file's operations: off, report (answer as
                usual with X-Mock-Violations) or enforce (refuse with 400, 401 or 422);
                a directory's project file sets it too (settings.validation), with
                spec: <file> naming the OpenAPI file its routes were made from
  --proxy <url> Forward the calls no route answers to this API (same path and query);
                its answers carry X-Mock-Proxied: true
  --record      With a directory and a proxy: write each forwarded JSON answer as a route
                file in routes/ (typed template, the bodies as examples), at most 100
  -h, --help    This help

Options of pull and push (MOCKSMITH_URL: your Mocksmith's address; MOCKSMITH_TOKEN: a
personal API key, mks_...):
  --format <f>  pull: yaml (default) or json files
  --dry-run     push: print what would change, change nothing
  --force       push: overwrite the hosted project even if it was edited after the pull

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
  env: Record<string, string | undefined> = process.env,
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
  const known = ['serve', 'validate', 'pull', 'push'];
  if (!known.includes(command as string) || target === undefined) {
    err.write(`mocksmith: unknown command "${positionals.join(' ')}"\n\n${HELP}`);
    return 2;
  }
  if (command === 'validate') return (await import('./validate.ts')).validate(target, out, err);
  if (command === 'pull' || command === 'push') {
    return hostedCommand(command, positionals.slice(1), values, { out, err, env });
  }
  const format = values.log ?? 'text';
  if (format !== 'text' && format !== 'json' && format !== 'off') {
    err.write(`mocksmith: --log must be text, json or off, not "${values.log}"\n`);
    return 2;
  }
  const validation = values.validate;
  if (validation !== undefined && !(VALIDATION_MODES as readonly string[]).includes(validation)) {
    err.write(`mocksmith: --validate must be off, report or enforce, not "${validation}"\n`);
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
  return (await import('./serve.ts')).serve(
    {
      target,
      port,
      host: values.host ?? '127.0.0.1',
      seed,
      watch: values.watch ?? false,
      strict: values.strict ?? false,
      format,
      validation: validation as ValidationMode | undefined,
      proxy: values.proxy,
      record: values.record ?? false,
    },
    out,
    err,
  );
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
      format: { type: 'string' },
      force: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      validate: { type: 'string' },
      proxy: { type: 'string' },
      record: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** `pull <slug|id> <dir>` and `push <dir>`: their arguments checked, then run. */
async function hostedCommand(
  command: 'pull' | 'push',
  args: string[],
  values: ReturnType<typeof parse>['values'],
  io: { out: Output; err: Output; env: Record<string, string | undefined> },
): Promise<number> {
  const wanted = command === 'pull' ? 2 : 1;
  if (args.length !== wanted) {
    io.err.write(
      `mocksmith: ${command === 'pull' ? 'pull takes a project (slug or id) and a directory' : 'push takes a directory'}\n\n${HELP}`,
    );
    return 2;
  }
  const format = values.format ?? 'yaml';
  if (format !== 'yaml' && format !== 'json') {
    io.err.write(`mocksmith: --format must be yaml or json, not "${values.format}"\n`);
    return 2;
  }
  const { runHosted } = await import('./hosted-commands.ts');
  return runHosted(
    command === 'pull'
      ? { command, target: args[0] as string, dir: args[1] as string, format }
      : {
          command,
          dir: args[0] as string,
          force: values.force ?? false,
          dryRun: values['dry-run'] ?? false,
        },
    io,
  );
}

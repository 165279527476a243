/**
 * What `pull` and `push` print: the files written and the environment variables to set, the
 * changes of a push (created, updated, deleted routes and collections). A refusal (the server's
 * message, a file's problems) goes to the errors with exit code 1.
 */
import { type FileFormat, formatFileProblem } from '@mocksmith/core/project-files';
import { readProjectDirectory } from './directory.ts';
import { changeLines, HostedError, hostedAccessOf, pull, push } from './hosted.ts';

interface Output {
  write(text: string): unknown;
}

export type HostedCommand =
  | { command: 'pull'; target: string; dir: string; format: FileFormat }
  | { command: 'push'; dir: string; force: boolean; dryRun: boolean };

export interface HostedIo {
  out: Output;
  err: Output;
  env: Record<string, string | undefined>;
}

export async function runHosted(command: HostedCommand, io: HostedIo): Promise<number> {
  try {
    return command.command === 'pull' ? await runPull(command, io) : await runPush(command, io);
  } catch (error) {
    if (!(error instanceof HostedError)) throw error;
    io.err.write(`mocksmith: ${error.message}\n`);
    return 1;
  }
}

async function runPull(
  { target, dir, format }: Extract<HostedCommand, { command: 'pull' }>,
  { out, env }: HostedIo,
): Promise<number> {
  const pulled = await pull(hostedAccessOf(env), target, dir, format);
  const { slug, version } = pulled.origin;
  const count = (prefix: string) => pulled.written.filter((path) => path.startsWith(prefix)).length;
  out.write(
    `Pulled ${slug} (version ${version}) into ${dir}: ${count('routes/')} routes, ${count('collections/')} collections\n`,
  );
  for (const path of pulled.removed) out.write(`  removed ${path} (no longer in the project)\n`);
  if (pulled.tokens.length > 0) {
    out.write(
      'The files name their tokens by environment variable, never the token itself. Set these where they run (their values are on the project page):\n',
    );
    for (const token of pulled.tokens) out.write(`  ${token.env}  (${token.of})\n`);
  }
  out.write(`Serve them: npx mocksmith serve ${dir}\n`);
  return 0;
}

async function runPush(
  { dir, force, dryRun }: Extract<HostedCommand, { command: 'push' }>,
  { out, err, env }: HostedIo,
): Promise<number> {
  const access = hostedAccessOf(env);
  // Checked here first: the same reader as the server's, without a round trip.
  const read = await readProjectDirectory(dir);
  if (!read.ok) {
    for (const problem of read.problems) err.write(`${formatFileProblem(problem)}\n`);
    err.write(`mocksmith: ${dir}: ${read.problems.length} problems: nothing was pushed\n`);
    return 1;
  }
  const result = await push(access, dir, read.bundle, { force, dryRun, env });
  const { changes } = result;
  const lines = [
    ...(changes.project.length > 0 ? [`Project: ${changes.project.join(', ')} changed`] : []),
    ...changeLines('Routes', changes.routes),
    ...changeLines('Collections', changes.collections),
  ];
  for (const line of lines) out.write(`${line}\n`);
  if (dryRun) {
    out.write(
      lines.length === 0 ? 'Dry run: nothing would change\n' : 'Dry run: nothing was changed\n',
    );
  } else if (!result.applied) {
    out.write(`Nothing to change: ${result.project.slug} is as the files say\n`);
  } else {
    const made = result.created ? 'Created' : 'Pushed to';
    out.write(`${made} ${result.project.slug}: version ${result.project.version}\n`);
  }
  return 0;
}

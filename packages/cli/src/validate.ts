import { stat } from 'node:fs/promises';
import { formatFileProblem } from '@mocksmith/core/project-files';
import { readProjectDirectory } from './directory.ts';
import type { Output } from './main.ts';
import { serveBundle } from './project.ts';

/**
 * `validate <dir>`: every file read as `serve` reads it; each problem as `file:line: reason`
 * and 1, or a line saying what the project holds and 0 (for pre-commit hooks and CI).
 */
export async function validate(dir: string, out: Output, err: Output): Promise<number> {
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

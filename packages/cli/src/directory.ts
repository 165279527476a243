/**
 * A project's directory read into its bundle: the texts of its project file and of the files
 * under `routes/` and `collections/`, by path relative to it, through core's readProjectFiles
 * (the format's reader, which checks each file against its schema and the files together).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { MAX_RESPONSE_BYTES } from '@mocksmith/core';
import {
  type FileProblem,
  HOSTED_FILE,
  PROJECT_FILE_NAMES,
  type ProjectBundle,
  parseHostedFile,
  readProjectFiles,
} from '@mocksmith/core/project-files';

/**
 * What reading a directory gives: its bundle, the hosted project's id its `.mocksmith/hosted.json`
 * names (a directory made by `pull`; null for one written by hand) and what was ignored, or every
 * problem found.
 */
export type DirectoryRead =
  | { ok: true; bundle: ProjectBundle; hostedId: string | null; warnings: FileProblem[] }
  | { ok: false; problems: FileProblem[] };

/** The files of a folder and its subfolders, by path relative to `root` (`/` between folders). */
async function filesUnder(root: string, folder: string, into: Map<string, string>): Promise<void> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    // No such folder: a project without routes or collections.
    return;
  }
  // Read all at once, not one after another (`serve --watch` reads every file again on each
  // change, and a project may have a thousand), then kept in the folder's order.
  const texts = await Promise.all(
    entries.map((entry) =>
      // A file gone since the folder was listed (an editor's save by rename) is not there:
      // its next version's change reads the files again.
      entry.isFile() ? readFile(join(folder, entry.name), 'utf8').catch(() => null) : null,
    ),
  );
  for (const [index, entry] of entries.entries()) {
    const path = join(folder, entry.name);
    const text = texts[index];
    if (entry.isDirectory()) await filesUnder(root, path, into);
    else if (text !== null && text !== undefined)
      into.set(relative(root, path).split(sep).join('/'), text);
  }
}

/**
 * The files of a project's directory that the reader reads, by path relative to it: its project
 * file, and every file under `routes/` and `collections/`. None for a directory that is not.
 */
export async function filesOfDirectory(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of PROJECT_FILE_NAMES) {
    try {
      files.set(name, await readFile(join(dir, name), 'utf8'));
    } catch {
      // Not this name: the reader says which one is missing.
    }
  }
  await filesUnder(dir, join(dir, 'routes'), files);
  await filesUnder(dir, join(dir, 'collections'), files);
  return files;
}

/** Where a directory came from (its `.mocksmith/hosted.json`, written by `pull`), or null. */
export async function readHostedFile(
  dir: string,
): Promise<ReturnType<typeof parseHostedFile> | null> {
  let text: string;
  try {
    text = await readFile(join(dir, HOSTED_FILE), 'utf8');
  } catch {
    return null;
  }
  return parseHostedFile(text);
}

/**
 * The hosted project's id of a pulled directory, null when it has none; a `hosted.json` that
 * does not read is a warning, not a problem (it is no file of the project).
 */
async function hostedIdOf(dir: string, warnings: FileProblem[]): Promise<string | null> {
  const read = await readHostedFile(dir);
  if (read === null) return null;
  if (read.ok) return read.value.project;
  warnings.push({ file: HOSTED_FILE, message: read.message });
  return null;
}

/** Reads a project's directory (the reader reads only its project file, routes and collections). */
export async function readProjectDirectory(dir: string): Promise<DirectoryRead> {
  const files = await filesOfDirectory(dir);
  const read = readProjectFiles(files, { maxResponseBytes: MAX_RESPONSE_BYTES });
  if (!read.ok) return { ok: false, problems: read.problems };
  const warnings = [...read.warnings];
  const hostedId = await hostedIdOf(dir, warnings);
  const { spec } = read.value.project;
  if (spec === undefined) return { ok: true, bundle: read.value, hostedId, warnings };
  // The spec the routes were made from: their calls are checked against its operations. The
  // OpenAPI tooling is loaded only for a project that names one.
  const { SpecError, withSpecContracts } = await import('./openapi.ts');
  try {
    const bundle = await withSpecContracts(read.value, join(dir, spec));
    return { ok: true, bundle, hostedId, warnings };
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    const file = PROJECT_FILE_NAMES.find((name) => files.has(name)) ?? 'mocksmith.yaml';
    return { ok: false, problems: [{ file, message: `spec: ${error.message}` }] };
  }
}

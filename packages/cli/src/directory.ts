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
  PROJECT_FILE_NAMES,
  type ProjectBundle,
  readProjectFiles,
} from '@mocksmith/core/project-files';

/** What reading a directory gives: its bundle and what was ignored, or every problem found. */
export type DirectoryRead =
  | { ok: true; bundle: ProjectBundle; warnings: FileProblem[] }
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
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await filesUnder(root, path, into);
    else if (entry.isFile())
      into.set(relative(root, path).split(sep).join('/'), await readFile(path, 'utf8'));
  }
}

/** Reads a project's directory (the reader reads only its project file, routes and collections). */
export async function readProjectDirectory(dir: string): Promise<DirectoryRead> {
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
  const read = readProjectFiles(files, { maxResponseBytes: MAX_RESPONSE_BYTES });
  return read.ok
    ? { ok: true, bundle: read.value, warnings: read.warnings }
    : { ok: false, problems: read.problems };
}

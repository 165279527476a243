/**
 * `serve <dir> --watch`: the directory watched (node:fs watch, recursive), its files read again
 * once a burst of changes has settled, and the version that reads swapped in whole; one that
 * does not read leaves the last good version serving and says which file, line and why.
 */
import { type FSWatcher, watch } from 'node:fs';
import type { FileProblem, ProjectBundle } from '@mocksmith/core/project-files';
import type { ValidationMode } from '@mocksmith/core/projects';
import { readProjectDirectory } from './directory.ts';
import type { RunnerHost } from './host.ts';
import { type Environment, serveBundle, withValidation } from './project.ts';

/** The quiet after a change before the files are read (an editor's save is several writes). */
export const SETTLE_MS = 50;

/** What each reading of the files gave. */
export type Reload =
  | { ok: true; places: number; ms: number; missing: string[]; broken: string[] }
  | { ok: false; problems: FileProblem[] };

export interface WatchOptions {
  /** Told after each reading. */
  onReload: (reload: Reload) => void;
  /** The seed given on the command line, which wins over the files'. */
  seed?: number;
  /** The validation given on the command line (`--validate`), which wins over the files'. */
  validation?: ValidationMode;
  env?: Environment;
}

export interface Watching {
  close(): void;
}

/** Watches `dir` and swaps each version of its files that reads into `host`. */
export function watchProject(dir: string, host: RunnerHost, options: WatchOptions): Watching {
  let timer: NodeJS.Timeout | undefined;
  // One reading at a time; a change during one reads again after it.
  let reading = false;
  let again = false;
  let closed = false;

  const reload = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    const started = performance.now();
    try {
      const read = await readProjectDirectory(dir);
      if (closed) return;
      if (!read.ok) {
        options.onReload({ ok: false, problems: read.problems });
        return;
      }
      const seeded: ProjectBundle =
        options.seed === undefined
          ? read.bundle
          : { ...read.bundle, project: { ...read.bundle.project, seed: options.seed } };
      const bundle = withValidation(seeded, options.validation);
      const missing = new Set<string>();
      const next = serveBundle(bundle, {
        env: options.env,
        missing,
        previous: host.project(),
        hostedId: read.hostedId,
      });
      await host.swap(next);
      options.onReload({
        ok: true,
        places: next.table.routes.length,
        ms: performance.now() - started,
        missing: [...missing],
        broken: next.broken,
      });
    } finally {
      reading = false;
      if (again && !closed) {
        again = false;
        schedule();
      }
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      reload().catch((error: unknown) => {
        process.stderr.write(`mocksmith: ${(error as Error).stack ?? error}\n`);
      });
    }, SETTLE_MS);
  };

  // Recursive on Linux from Node 20, and on macOS and Windows natively.
  const watcher: FSWatcher = watch(dir, { recursive: true }, schedule);
  watcher.on('error', (error) => process.stderr.write(`mocksmith: watch: ${error.message}\n`));
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher.close();
    },
  };
}

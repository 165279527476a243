/**
 * The runner's `--record` (issue 40): each forwarded JSON answer a route of the served
 * directory does not have becomes a route file in its `routes/` (core's planRecordedCalls, as
 * the service records, and core's project-files writer, as the service exports), then the
 * directory is read again and served, so the next call to that route is answered by it. A file
 * that exists is never overwritten; recording stops after `limit` new routes.
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RouteOfFiles, writeProjectFiles } from '@mocksmith/core/project-files';
import { DEFAULT_RECORD_LIMIT, planRecordedCalls } from '@mocksmith/core/projects';
import type { RecordedExchange } from '@mocksmith/engine';
import type { ServedProject } from './project.ts';

export interface FileRecorderOptions {
  dir: string;
  /** The project served now (its bundle's format and name), read when an exchange comes. */
  format: 'yaml' | 'json';
  project: () => ServedProject;
  /** Reads the directory again and serves it (the new route answers from then on). */
  reload: () => Promise<void>;
  /** Told of each route written (`GET /users/{userId} -> routes/get-users-userid.yaml`). */
  onWrite?: (line: string) => void;
  limit?: number;
}

/** Records exchanges into route files, one at a time, in the order they came. */
export function createFileRecorder(options: FileRecorderOptions) {
  const { dir, format, limit = DEFAULT_RECORD_LIMIT } = options;
  let written = 0;
  let queue: Promise<void> = Promise.resolve();

  const store = async (exchange: RecordedExchange) => {
    if (written >= limit) return;
    for (const planned of planRecordedCalls([exchange])) {
      const served = options.project().table.match(planned.method, exchange.path);
      if (served.kind === 'route') continue;
      const route: RouteOfFiles = {
        method: planned.method,
        path: planned.path,
        name: planned.name,
        responses: planned.responses,
        mode: planned.responseMode,
        rules: [],
        network: null,
        overrides: true,
        authToken: null,
      };
      const files = writeProjectFiles(
        {
          project: {
            name: 'recorded',
            slug: 'recorded',
            seed: 0,
            settings: {
              overrides: true,
              network: null,
              replay: false,
              logging: true,
              authToken: null,
            },
          },
          routes: [route],
          collections: [],
        },
        format,
      );
      const [file, text] = [...files].find(([name]) => name.startsWith('routes/')) as [
        string,
        string,
      ];
      const target = join(dir, file);
      if (await exists(target)) continue;
      await mkdir(join(dir, 'routes'), { recursive: true });
      await writeFile(target, text, 'utf8');
      written++;
      await options.reload();
      options.onWrite?.(`recorded ${planned.method} ${planned.path} -> ${file}`);
      if (written >= limit) {
        options.onWrite?.(`recording stopped: ${limit} routes recorded`);
        return;
      }
    }
  };

  return {
    record(exchange: RecordedExchange): void {
      queue = queue.then(() => store(exchange)).catch(() => {});
    },
    /** Settles once every exchange so far is written. */
    idle: () => queue,
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

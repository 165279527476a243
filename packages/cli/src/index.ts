/**
 * @mocksmith/cli: the runner (issue 38). `startMockServer` for test runners, as MSW's
 * `setupServer` and Prism's libraries are used in vitest and jest set-ups: a project's bundle,
 * its directory or an OpenAPI document served on a port of its own, its calls to read, its state to reset.
 */
import type { CallCapture } from '@mocksmith/core/inspector';
import type { ProjectBundle } from '@mocksmith/core/project-files';
import { formatFileProblem } from '@mocksmith/core/project-files';
import type { ValidationMode } from '@mocksmith/core/projects';
import { readProjectDirectory } from './directory.ts';
import { createHost, type Unanswered, unansweredSummary } from './host.ts';
import { bundleOfDocument, bundleOfSpecFile, SpecError } from './openapi.ts';
import { serveBundle, withValidation } from './project.ts';
import { type Reload, watchProject } from './watch.ts';

export { type DirectoryRead, readProjectDirectory } from './directory.ts';
export {
  createHost,
  type HostOptions,
  type RunnerHost,
  type Unanswered,
  unansweredSummary,
} from './host.ts';
export { bundleOfDocument, bundleOfSpecFile, SpecError } from './openapi.ts';
export { type ServedProject, serveBundle, withValidation } from './project.ts';
export { type Reload, SETTLE_MS, type Watching, watchProject } from './watch.ts';

export interface MockServerOptions {
  /** A project's files, read (core's ProjectBundle). */
  bundle?: ProjectBundle;
  /** An OpenAPI document: a file's path, or the document itself (parsed). */
  openapi?: string | object;
  /**
   * Calls checked against the OpenAPI document's operations (off, report, enforce); the
   * bundle's or directory's own setting when absent.
   */
  validation?: ValidationMode;
  /** A project's directory (mocksmith.yaml, routes/, collections/). */
  dir?: string;
  /** 0 (the default) for any free port. */
  port?: number;
  host?: string;
  /** The project's seed (an OpenAPI file's project; a bundle has its own unless this is given). */
  seed?: number;
  /** Where each call's line goes, and at close the calls no route answered; none by default. */
  log?: (line: string) => void;
  /** A line of words per call (the default), or a JSON object. */
  format?: 'text' | 'json';
  /** With `dir`: its files read again on each change, the version that reads served. */
  watch?: boolean;
  /** With `watch`: told after each reading of the files. */
  onReload?: (reload: Reload) => void;
  /** The real API the calls no route answers are forwarded to (`--proxy`). */
  proxy?: string;
  /**
   * The hosted project's id the verification API answers to as well as the slug; with `dir`,
   * the one its `.mocksmith/hosted.json` names (written by `pull`) when absent.
   */
  hostedId?: string;
}

export interface MockServer {
  /** The project's base URL (its origin; `${url}/p/${slug}` answers the same). */
  url: string;
  /** The calls answered so far, oldest first. */
  requests(): CallCapture[];
  /** Every collection's seeded state again, replay from its first call, no calls kept. */
  reset(): void;
  /** The calls no route answered (404s of unknown paths, 405s), by method and path. */
  unanswered(): Unanswered[];
  close(): Promise<void>;
}

/** Serves a project's bundle or an OpenAPI document until `close()`. */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  let bundle: ProjectBundle;
  let hostedId = options.hostedId ?? null;
  if (options.bundle) {
    bundle =
      options.seed === undefined
        ? options.bundle
        : { ...options.bundle, project: { ...options.bundle.project, seed: options.seed } };
  } else if (options.openapi !== undefined) {
    const read =
      typeof options.openapi === 'string'
        ? await bundleOfSpecFile(options.openapi, { seed: options.seed })
        : await bundleOfDocument(options.openapi, { seed: options.seed });
    bundle = read.bundle;
  } else if (options.dir !== undefined) {
    const read = await readProjectDirectory(options.dir);
    if (!read.ok) {
      throw new SpecError(read.problems.map((problem) => formatFileProblem(problem)).join('\n'));
    }
    hostedId ??= read.hostedId;
    bundle =
      options.seed === undefined
        ? read.bundle
        : { ...read.bundle, project: { ...read.bundle.project, seed: options.seed } };
  } else {
    throw new TypeError('startMockServer needs a bundle, a directory or an OpenAPI document');
  }
  bundle = withValidation(bundle, options.validation);
  const host = createHost(serveBundle(bundle, { hostedId }), {
    log: options.log,
    format: options.format,
    proxy: options.proxy,
  });
  const url = await host.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  const watching =
    options.watch && options.dir !== undefined
      ? watchProject(options.dir, host, {
          seed: options.seed,
          onReload: options.onReload ?? (() => {}),
        })
      : null;
  return {
    url,
    requests: host.requests,
    reset: host.reset,
    unanswered: host.unanswered,
    async close() {
      watching?.close();
      await host.close();
      const log = options.log;
      if (log) for (const line of unansweredSummary(host.unanswered())) log(line);
    },
  };
}

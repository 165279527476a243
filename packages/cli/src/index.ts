/**
 * @mocksmith/cli: the runner (issue 38). `startMockServer` for test runners, as MSW's
 * `setupServer` and Prism's libraries are used in vitest and jest set-ups: a project's bundle or
 * an OpenAPI document served on a port of its own, its calls to read, its state to reset.
 */
import type { CallCapture } from '@mocksmith/core/inspector';
import type { ProjectBundle } from '@mocksmith/core/project-files';
import { createHost } from './host.ts';
import { bundleOfDocument, bundleOfSpecFile } from './openapi.ts';
import { serveBundle } from './project.ts';

export { createHost, type HostOptions, type RunnerHost } from './host.ts';
export { bundleOfDocument, bundleOfSpecFile, SpecError } from './openapi.ts';
export { type ServedProject, serveBundle } from './project.ts';

export interface MockServerOptions {
  /** A project's files, read (core's ProjectBundle). */
  bundle?: ProjectBundle;
  /** An OpenAPI document: a file's path, or the document itself (parsed). */
  openapi?: string | object;
  /** 0 (the default) for any free port. */
  port?: number;
  host?: string;
  /** The project's seed (an OpenAPI file's project; a bundle has its own unless this is given). */
  seed?: number;
  /** Where each call's line goes; none by default. */
  log?: (line: string) => void;
}

export interface MockServer {
  /** The project's base URL (its origin; `${url}/p/${slug}` answers the same). */
  url: string;
  /** The calls answered so far, oldest first. */
  requests(): CallCapture[];
  /** Every collection's seeded state again, replay from its first call, no calls kept. */
  reset(): void;
  close(): Promise<void>;
}

/** Serves a project's bundle or an OpenAPI document until `close()`. */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  let bundle: ProjectBundle;
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
  } else {
    throw new TypeError('startMockServer needs a bundle or an openapi document');
  }
  const host = createHost(serveBundle(bundle), { log: options.log });
  const url = await host.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return { url, requests: host.requests, reset: host.reset, close: host.close };
}

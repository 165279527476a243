/**
 * `mocksmith serve <dir | openapi file>`: the project read, compiled and served until SIGINT or
 * SIGTERM; resolves to the exit code. What only one kind of target needs (a directory's reader,
 * the OpenAPI tooling, the watcher) is loaded when that kind is served, to start sooner.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatFileProblem, type ProjectBundle } from '@mocksmith/core/project-files';
import { proxyUrlSchema, type ValidationMode } from '@mocksmith/core/projects';
import { createHost, unansweredSummary } from './host.ts';
import type { Output } from './main.ts';
import { serveBundle, withValidation } from './project.ts';

export interface ServeOptions {
  /** A project's directory or an OpenAPI file. */
  target: string;
  port: number;
  host: string;
  seed?: number;
  watch: boolean;
  strict: boolean;
  /** A line per call (text), a JSON object per call, or none (off: the summary at exit stays). */
  format: 'text' | 'json' | 'off';
  /** `--validate`: what the project does with calls that break its spec, over its files' word. */
  validation?: ValidationMode;
  /** The real API the calls no route answers are forwarded to (`--proxy`), as typed. */
  proxy?: string;
  /** Forwarded JSON answers written as route files of the directory (`--record`). */
  record?: boolean;
}

export async function serve(
  {
    target,
    port,
    host: address,
    seed,
    watch,
    strict,
    format,
    validation,
    ...options
  }: ServeOptions,
  out: Output,
  err: Output,
): Promise<number> {
  let proxy: string | undefined;
  if (options.proxy !== undefined) {
    const checked = proxyUrlSchema.safeParse(options.proxy);
    if (!checked.success) {
      err.write(`mocksmith: --proxy: ${checked.error.issues[0]?.message ?? 'not a URL'}\n`);
      return 2;
    }
    proxy = checked.data;
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
  let hostedId: string | null = null;
  if (directory) {
    const { readProjectDirectory } = await import('./directory.ts');
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
    hostedId = read.hostedId;
    bundle =
      seed === undefined
        ? read.bundle
        : { ...read.bundle, project: { ...read.bundle.project, seed } };
  } else {
    // The OpenAPI tooling (swagger-parser, the import plan) is loaded only for an OpenAPI file.
    const { bundleOfSpecFile, SpecError } = await import('./openapi.ts');
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
  bundle = withValidation(bundle, validation);
  const missing = new Set<string>();
  const project = serveBundle(bundle, { missing, hostedId });
  for (const name of missing) err.write(`warning: ${name} is not set: what it protects is open\n`);
  for (const route of project.broken) err.write(`warning: ${route} does not compile: left out\n`);
  if (options.record && (!directory || (proxy === undefined && !project.settings.proxy))) {
    err.write('mocksmith: --record needs a directory to write to and a proxy (--proxy URL)\n');
    return 2;
  }
  let host: ReturnType<typeof createHost>;
  const recorder = options.record
    ? (await import('./record.ts')).createFileRecorder({
        dir: target,
        format: (await isJsonProject(target)) ? 'json' : 'yaml',
        project: () => host.project(),
        reload: async () => {
          const { readProjectDirectory } = await import('./directory.ts');
          const read = await readProjectDirectory(target);
          if (read.ok) {
            const previous = host.project();
            await host.swap(serveBundle(read.bundle, { previous, hostedId: read.hostedId }));
          }
        },
        onWrite: (line) => out.write(`${line}\n`),
      })
    : undefined;
  host = createHost(project, {
    log: format === 'off' ? undefined : (line) => out.write(`${line}\n`),
    format: format === 'off' ? undefined : format,
    proxy,
    record: recorder ? (exchange) => recorder.record(exchange) : undefined,
  });
  let url: string;
  try {
    url = await host.listen(port, address);
  } catch (error) {
    err.write(`mocksmith: cannot listen on ${address}:${port}: ${(error as Error).message}\n`);
    return 1;
  }
  const routes = project.table.routes.length;
  out.write(
    `${project.name}: ${routes} places at ${url} (and ${url}/p/${project.slug}), ready in ${Math.round(performance.now() - started)} ms\n`,
  );
  if (watch && !directory) err.write('warning: --watch watches a directory only\n');
  const watching =
    watch && directory
      ? (await import('./watch.ts')).watchProject(target, host, {
          seed,
          validation,
          onReload(reload) {
            if (reload.ok) {
              for (const name of reload.missing) {
                err.write(`warning: ${name} is not set: what it protects is open\n`);
              }
              for (const route of reload.broken) {
                err.write(`warning: ${route} does not compile: left out\n`);
              }
              out.write(`reloaded: ${reload.places} places in ${Math.round(reload.ms)} ms\n`);
              return;
            }
            for (const problem of reload.problems) err.write(`${formatFileProblem(problem)}\n`);
            err.write(
              `mocksmith: ${target} does not read (${reload.problems.length} problems): the last good version still serves\n`,
            );
          },
        })
      : null;
  await new Promise<void>((stopped) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      watching?.close();
      host.close().then(stopped, stopped);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await recorder?.idle();
  const unanswered = host.unanswered();
  for (const line of unansweredSummary(unanswered)) err.write(`${line}\n`);
  return strict && unanswered.length > 0 ? 1 : 0;
}

/** Whether a project directory's project file is JSON (`mocksmith.json`), not YAML. */
async function isJsonProject(dir: string): Promise<boolean> {
  try {
    await stat(join(dir, 'mocksmith.json'));
    return true;
  } catch {
    return false;
  }
}

/**
 * `pull` and `push` (issue 38): a hosted Mocksmith's project to and from a directory, over its
 * API (`MOCKSMITH_URL`, `MOCKSMITH_TOKEN`: a personal API key, sent as a Bearer token). `pull`
 * writes the export's files and `.mocksmith/hosted.json` (the project and the version pulled);
 * `push` sends the directory's files with that version, so that the server refuses to overwrite
 * a later edit unless `--force`, and prints what it changed.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type BundleChange,
  type ChangeList,
  type FileFormat,
  HOSTED_FILE,
  type HostedOrigin,
  hostedFileText,
  PROJECT_FILE_NAMES,
  type ProjectBundle,
  tokenNamesOf,
} from '@mocksmith/core/project-files';
import { filesOfDirectory, readHostedFile } from './directory.ts';

/** A refusal to print as it is: the server's message, or ours. */
export class HostedError extends Error {
  override name = 'HostedError';
}

/** Where the hosted service is and the key that acts for its user. */
export interface HostedAccess {
  url: string;
  token: string;
}

/** The hosted service of the environment, or why there is none. */
export function hostedAccessOf(env: Record<string, string | undefined>): HostedAccess {
  const url = env.MOCKSMITH_URL?.trim();
  const token = env.MOCKSMITH_TOKEN?.trim();
  if (!url) {
    throw new HostedError(
      'Set MOCKSMITH_URL to the address of your Mocksmith (https://mocksmith.example.com)',
    );
  }
  if (!/^https?:\/\//i.test(url)) {
    throw new HostedError(`MOCKSMITH_URL must be an http(s) address, not "${url}"`);
  }
  if (!token) {
    throw new HostedError(
      'Set MOCKSMITH_TOKEN to a personal API key (mks_...): make one on your account page',
    );
  }
  return { url: url.replace(/\/+$/, ''), token };
}

/** How long a call of the hosted API may take (a push of a large project takes seconds). */
const CALL_TIMEOUT_MS = 120_000;

/** A call of the hosted API: its JSON answer, or a HostedError with its message. */
async function call<T>(
  access: HostedAccess,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${access.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new HostedError(
      timedOut
        ? `${access.url} did not answer within ${CALL_TIMEOUT_MS / 1000} seconds`
        : `cannot reach ${access.url}: ${(error as Error).message}`,
    );
  }
  const text = await res.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!res.ok) {
    const message = (value as { message?: unknown } | undefined)?.message;
    throw new HostedError(
      typeof message === 'string' ? message : `${access.url} answered ${res.status}`,
    );
  }
  return value as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of the user's project named by its id or its slug. */
async function projectIdOf(access: HostedAccess, target: string): Promise<string> {
  if (UUID.test(target)) return target;
  const { projects } = await call<{ projects: { id: string; slug: string }[] }>(
    access,
    'GET',
    '/backend/projects',
  );
  const found = projects.find((project) => project.slug === target.toLowerCase());
  if (!found) throw new HostedError(`You have no project with the slug or id "${target}"`);
  return found.id;
}

interface Exported {
  format: FileFormat;
  project: { id: string; slug: string; version: number };
  files: Record<string, string>;
  tokens: { env: string; of: string; value: string }[];
}

export interface PullResult {
  origin: HostedOrigin;
  /** The files written, by path relative to the directory. */
  written: string[];
  /** The files of an earlier pull the project no longer has, deleted. */
  removed: string[];
  tokens: Exported['tokens'];
}

const PROJECT_FILE = /\.(?:ya?ml|json)$/;
/** A path the server may name: folders and files of letters, digits, `.`, `_` and `-`. */
const SAFE_PATH = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/**
 * Writes the project's files into `dir` (made if need be): the export's files, each as it is,
 * and `.mocksmith/hosted.json`. A route or collection file the project no longer has is deleted;
 * every other file of the directory is left alone.
 */
export async function pull(
  access: HostedAccess,
  target: string,
  dir: string,
  format: FileFormat,
): Promise<PullResult> {
  const id = await projectIdOf(access, target);
  const exported = await call<Exported>(
    access,
    'GET',
    `/backend/projects/${encodeURIComponent(id)}/export/files?format=${format}`,
  );
  const origin: HostedOrigin = {
    project: exported.project.id,
    slug: exported.project.slug,
    version: exported.project.version,
  };
  const files = new Map(Object.entries(exported.files));
  for (const path of files.keys()) {
    // The server's paths, but written only inside the directory, with plain names.
    if (!SAFE_PATH.test(path) || path.split('/').some((part) => /^\.+$/.test(part))) {
      throw new HostedError(`the server sent a file outside the directory: ${path}`);
    }
  }
  const present = await filesOfDirectory(dir);
  // A directory of another project's files is not overwritten: its files would be deleted.
  const earlier = await originOf(dir);
  const holdsProject = [...present.keys()].some((path) =>
    (PROJECT_FILE_NAMES as readonly string[]).includes(path),
  );
  if (holdsProject && earlier?.project !== origin.project) {
    throw new HostedError(
      earlier
        ? `${dir} holds the files of another project (${earlier.slug}): pull into another directory`
        : `${dir} holds a project's files that no pull of ${origin.slug} wrote: pull into an empty directory, or push them first`,
    );
  }
  const removed: string[] = [];
  for (const path of present.keys()) {
    const ours =
      (PROJECT_FILE_NAMES as readonly string[]).includes(path) ||
      ((path.startsWith('routes/') || path.startsWith('collections/')) && PROJECT_FILE.test(path));
    if (ours && !files.has(path)) {
      await rm(join(dir, path));
      removed.push(path);
    }
  }
  files.set(HOSTED_FILE, hostedFileText(origin));
  for (const [path, text] of files) {
    const at = join(dir, path);
    await mkdir(dirname(at), { recursive: true });
    await writeFile(at, text);
  }
  return { origin, written: [...files.keys()], removed, tokens: exported.tokens };
}

/** Where a directory came from, if a pull wrote it. */
async function originOf(dir: string): Promise<HostedOrigin | null> {
  const read = await readHostedFile(dir);
  if (read === null) return null;
  if (!read.ok) throw new HostedError(read.message);
  return read.value;
}

export interface PushResult {
  applied: boolean;
  /** True when the directory came from no pull: the push made a new project. */
  created: boolean;
  project: { id: string; slug: string; version: number };
  changes: BundleChange;
}

export interface PushOptions {
  force?: boolean;
  dryRun?: boolean;
  env: Record<string, string | undefined>;
}

/**
 * Sends a directory's files (read and checked as `bundle`) to the project it was pulled from,
 * or makes a new project of them when it was pulled from none; keeps the new version in
 * `.mocksmith/hosted.json` once applied.
 */
export async function push(
  access: HostedAccess,
  dir: string,
  bundle: ProjectBundle,
  { force = false, dryRun = false, env }: PushOptions,
): Promise<PushResult> {
  const files = Object.fromEntries(await filesOfDirectory(dir));
  // The spec the project file names goes along: the service reads it as the runner does.
  const { spec } = bundle.project;
  if (spec !== undefined) files[spec] = await readFile(join(dir, spec), 'utf8');
  const tokens = Object.fromEntries(
    tokenNamesOf(bundle).flatMap((name) => {
      const value = env[name];
      return value ? [[name, value]] : [];
    }),
  );
  const origin = await originOf(dir);
  let result: Omit<PushResult, 'created'>;
  if (origin) {
    result = await call(
      access,
      'PUT',
      `/backend/projects/${encodeURIComponent(origin.project)}/files`,
      {
        files,
        baseVersion: origin.version,
        force,
        dryRun,
        tokens,
      },
    );
  } else if (dryRun) {
    const empty = { created: [], updated: [], deleted: [] };
    result = {
      applied: false,
      project: { id: '', slug: bundle.project.slug, version: 0 },
      changes: {
        project: [],
        routes: { ...empty, created: bundle.routes.map((r) => `${r.method} ${r.path}`) },
        collections: { ...empty, created: bundle.collections.map((c) => c.name) },
      },
    };
  } else {
    result = await call(access, 'POST', '/backend/projects/import/files', { files, tokens });
  }
  if (result.applied) {
    const { id, slug, version } = result.project;
    await mkdir(join(dir, dirname(HOSTED_FILE)), { recursive: true });
    await writeFile(join(dir, HOSTED_FILE), hostedFileText({ project: id, slug, version }));
  }
  return { ...result, created: origin === null };
}

/** A change list as lines: `+ POST /orders`, `~ GET /health`, `- GET /users/{id}`. */
export function changeLines(title: string, list: ChangeList): string[] {
  const count = list.created.length + list.updated.length + list.deleted.length;
  if (count === 0) return [];
  return [
    `${title}: ${list.created.length} created, ${list.updated.length} updated, ${list.deleted.length} deleted`,
    ...list.created.map((label) => `  + ${label}`),
    ...list.updated.map((label) => `  ~ ${label}`),
    ...list.deleted.map((label) => `  - ${label}`),
  ];
}

/**
 * For the tests of issue 30 (overrides, rules, network profiles): projects and routes stored
 * directly (as the management API stores them), calls over real HTTP timed by the client, and
 * the statistics the measured tests report.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { NetworkProfile } from '@mocksmith/core/network';
import type { RouteResponse, RouteRule } from '@mocksmith/core/projects';
import { parsePathTemplate } from '@mocksmith/core/projects';
import type { Database } from '../src/db/client.ts';
import { type ApiRow, apis, projects } from '../src/db/schema/apis.ts';
import { users } from '../src/db/schema/auth.ts';
import { newRequestId } from '../src/lib/ids.ts';

/** A named response of a route; `template` a value (stringified). */
export function namedResponse(
  name: string,
  template: unknown,
  extra: Partial<RouteResponse> = {},
): RouteResponse {
  return {
    name,
    status: 200,
    template: JSON.stringify(template),
    headers: [],
    delay: 0,
    isDefault: false,
    ...extra,
  };
}

/** Stores a user (the owner of the projects below); returns its id. */
export async function storeOwner(db: Database): Promise<string> {
  const id = `owner-${newRequestId()}`;
  await db
    .insert(users)
    .values({ id, name: 'Owner', email: `${id}@example.com`, emailVerified: true });
  return id;
}

export interface StoredProject {
  id: string;
  slug: string;
  ownerId: string;
}

/** Stores a project with its settings (overrides, network profile, replay). */
export async function storeProject(
  db: Database,
  ownerId: string,
  slug: string,
  settings: { overrides?: boolean; network?: NetworkProfile | null; replay?: boolean } = {},
): Promise<StoredProject> {
  const [row] = await db
    .insert(projects)
    .values({ ownerId, name: slug, slug, seed: 11, settings })
    .returning();
  return { id: (row as { id: string }).id, slug, ownerId };
}

/**
 * Stores a route as the management API does (the default response mirrored in the row), with
 * its rules, network profile and overrides switch when given.
 */
export async function storeRoute(
  db: Database,
  project: StoredProject,
  method: ApiRow['method'],
  path: string,
  responses: RouteResponse[],
  extra: { rules?: RouteRule[]; network?: NetworkProfile | null; overrides?: boolean } = {},
): Promise<ApiRow> {
  const parsed = parsePathTemplate(path);
  if (!parsed.ok) throw new Error(parsed.error);
  const main = responses.find((r) => r.isDefault) ?? (responses[0] as RouteResponse);
  const [row] = await db
    .insert(apis)
    .values({
      requestId: newRequestId(),
      name: `${method} ${path}`,
      ownerId: project.ownerId,
      projectId: project.id,
      method,
      routePath: parsed.value.path,
      routeKey: parsed.value.key,
      responses,
      template: main.template,
      httpCode: main.status,
      customHeaders: main.headers,
      delay: main.delay,
      ...(extra.rules === undefined ? {} : { rules: extra.rules }),
      ...(extra.network === undefined ? {} : { network: extra.network }),
      ...(extra.overrides === undefined ? {} : { overrides: extra.overrides }),
    })
    .returning();
  return row as ApiRow;
}

/** One call as the client saw it: status (0 when the connection failed), time, headers, body. */
export interface TimedCall {
  status: number;
  /** Milliseconds from sending to the end of the body (or the failure). */
  elapsed: number;
  headers: Headers | null;
  body: string;
  /** Why fetch rejected: the cause's code (ECONNRESET, UND_ERR_SOCKET...) or message. */
  error: string | null;
}

/** Calls `url` with fetch, timing it to the end of the body; a rejected fetch is a result too. */
export async function timedFetch(url: string, init: RequestInit = {}): Promise<TimedCall> {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    return {
      status: res.status,
      elapsed: performance.now() - started,
      headers: res.headers,
      body,
      error: null,
    };
  } catch (error) {
    return {
      status: 0,
      elapsed: performance.now() - started,
      headers: null,
      body: '',
      error: failureOf(error),
    };
  }
}

/** What a rejected fetch says: the code of its cause (ECONNRESET, UND_ERR_SOCKET), or messages. */
export function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}: ${cause.message ?? ''}`;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once; results in order of i. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** The client of {@link callsFromWorker}, plain JavaScript for `eval` (Node runs no .ts there). */
const WORKER_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, count, concurrency, headers } = workerData;
const results = new Array(count);
let next = 0;
async function one(i) {
  const started = performance.now();
  try {
    const res = await fetch(urls[i % urls.length], { headers });
    await res.arrayBuffer();
    results[i] = { status: res.status, elapsed: performance.now() - started, error: null };
  } catch (error) {
    const cause = error && error.cause;
    results[i] = {
      status: 0,
      elapsed: performance.now() - started,
      error: cause && cause.code ? cause.code : String(error && error.message),
    };
  }
}
async function worker() {
  while (next < count) await one(next++);
}
Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker)).then(() =>
  parentPort.postMessage(results),
);
`;

/**
 * `count` GET calls, the i-th of `urls[i % urls.length]`, `concurrency` at once, made from a
 * worker thread: the client's own work (fetch, parsing) then runs on another event loop than
 * the server's, so it neither delays the server's timers nor queues behind them. Each result as
 * {@link TimedCall} without headers or body.
 */
export function callsFromWorker(
  urls: string[],
  count: number,
  concurrency: number,
  headers: Record<string, string> = {},
): Promise<Pick<TimedCall, 'status' | 'elapsed' | 'error'>[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_CLIENT, {
      eval: true,
      workerData: { urls, count, concurrency, headers },
    });
    worker.once('message', (results) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The value below which a share `q` of `values` falls (nearest rank on the sorted values). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The time the server spends on each call, taken on its HTTP server: from the request's arrival
 * (the 'request' event, which the app's own handler gets in the same tick) to the answer's last
 * byte handed to the socket ('finish'), or to the socket's close for a call that gets no answer.
 * Unlike the client's time, it leaves out the calls waiting in the client and on the wire.
 */
export function serverTimes(server: Server) {
  const times = new Map<string, number[]>();
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const path = request.url ?? '';
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      const list = times.get(path);
      const elapsed = performance.now() - started;
      if (list) list.push(elapsed);
      else times.set(path, [elapsed]);
    };
    response.once('finish', end);
    response.once('close', end);
  };
  server.on('request', onRequest);
  return {
    /** The times of the calls of `path` (query and all, as sent) since the last take; forgets them. */
    take(path: string): number[] {
      const list = times.get(path) ?? [];
      times.delete(path);
      return list;
    },
    stop() {
      server.off('request', onRequest);
    },
  };
}

/** A figure for the log: rounded to 0.1. */
export const ms = (value: number) => `${Math.round(value * 10) / 10} ms`;

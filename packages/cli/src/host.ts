/**
 * The runner's host (DESIGN.md §4b): the engine's steps on `node:http`, with no framework in
 * the path. A request in becomes the engine's MockCall (method, URL, query as Fastify parses
 * it, headers, address, a JSON body read within the server's bounds); resolve through the
 * project's table, admit, then handle gives one Answer, written here as the server's one send
 * writes it (status, the JSON type when there is a body, the answer's headers in order, the
 * payload), or a connection closed without one. Every answer carries the sandbox and open CORS
 * headers the server's mock scopes add (the engine's host-headers.ts); a refusal answers the
 * server's error body. The engine's ports are in memory: the consumer limits and replay counters,
 * the collection store, the request log (a ring of the last calls), delays on timers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AppError,
  ErrorCode,
  jsonTextTooDeep,
  MAX_RESPONSE_BYTES,
  type RawQuery,
} from '@mocksmith/core';
import type { BodyProblem } from '@mocksmith/core/collections';
import { type CallCapture, LOGGED_BODY_BYTES, pathOf } from '@mocksmith/core/inspector';
import { MAX_REQUEST_BODY_BYTES } from '@mocksmith/core/projects';
import {
  type Answer,
  admitToken,
  type CollectionAnswerer,
  type CollectionPlace,
  type CollectionTarget,
  type CompiledResponse,
  type CompiledRoute,
  collectionTarget,
  createCollectionOperations,
  createEngine,
  createMemoryCollectionStore,
  createMemoryLimits,
  MAX_FORWARDED_BODY_BYTES,
  MOCK_ANSWER_HEADERS,
  MOCK_CORS,
  type MockCall,
  newCall,
  type RecordedExchange,
  resetTarget,
  resolve,
  type SentAnswer,
  type StreamAnswer,
  sessionOf,
} from '@mocksmith/engine';
import { parse as parseQuery } from 'fast-querystring';
import { createRunnerForward } from './forward.ts';
import type { ServedProject } from './project.ts';
import { type KeptCall, verificationAnswer } from './verification.ts';

/** The call value with the runner's compiled route, response, project and collection call. */
type RunnerCall = MockCall<
  CompiledRoute,
  CompiledResponse,
  ServedProject,
  CollectionTarget<ServedProject>
>;

/** A JSON body as a template may read it; anything else (or larger) is read and dropped. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** An answer's headers, by lower-case name (as Fastify keeps a reply's), written once. */
type OutHeaders = Record<string, string | number | string[]>;

/** One request in the runner: what it asked, its call value, its answer's headers, its timing. */
interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  call: RunnerCall;
  out: OutHeaders;
  started: number;
  /** Where the call's own path starts in its URL (after `/p/{slug}`, or 0). */
  at: number;
}

/** The headers every answer carries (the sandbox, then open CORS), as the server's mock scopes. */
function everyAnswer(): OutHeaders {
  return {
    'content-security-policy': MOCK_ANSWER_HEADERS['content-security-policy'] as string,
    'x-content-type-options': MOCK_ANSWER_HEADERS['x-content-type-options'] as string,
    'access-control-allow-origin': MOCK_CORS.origin,
    'access-control-expose-headers': MOCK_CORS.exposedHeaders,
  };
}

/** The distinct method and path pairs of unanswered calls kept for the summary at exit. */
const MAX_UNANSWERED = 1_000;

/** A state owner may write before writes get 409: the server's default (100 MiB). */
const MAX_OWNER_BYTES = 100 * 1024 * 1024;

export interface HostOptions {
  /** Where each call's line goes (method, path, status, response and rule, time); none: silent. */
  log?: (line: string) => void;
  /** A line of words (the default), or one JSON object per call (`--log json`). */
  format?: 'text' | 'json';
  /** The calls kept for `requests()`, oldest dropped first. */
  history?: number;
  /**
   * The upstream the calls no route answers are forwarded to (`--proxy`), in place of the
   * project file's own `settings.proxy`.
   */
  proxy?: string;
  /**
   * Where forwarded JSON answers go to become routes (`--record`); the proxy then records.
   * Without it, nothing is recorded.
   */
  record?: (exchange: RecordedExchange) => void;
}

export interface RunnerHost {
  /** Starts listening; resolves to the base URL (`http://127.0.0.1:4010`). */
  listen(port: number, host: string): Promise<string>;
  /** The calls answered, oldest first, as the request inspector captures them. */
  requests(): CallCapture[];
  /** The seeded state of every collection and session again, replay from its first call, no calls kept. */
  reset(): void;
  /**
   * Serves another version of the project (its files read again) from the next call on; the
   * state of a collection whose version changed (or which is gone) is cleared.
   */
  swap(next: ServedProject): Promise<void>;
  /** The project served now. */
  project(): ServedProject;
  /** The calls no route answered (404s of unknown paths, 405s), by method and path. */
  unanswered(): Unanswered[];
  close(): Promise<void>;
}

/** Calls of one method and path no route or collection answered. */
export interface Unanswered {
  method: string;
  path: string;
  status: number;
  count: number;
}

/** The runner's host of one project (see the file's comment). */
export function createHost(first: ServedProject, options: HostOptions = {}): RunnerHost {
  const { log, format = 'text', history = 1_000 } = options;
  /** A version of the project with `--proxy` in place of its file's proxy, if given. */
  const proxied = (served: ServedProject): ServedProject => {
    const url = options.proxy ?? served.settings.proxy?.url;
    if (url === undefined) return served;
    const record = options.record !== undefined;
    return { ...served, settings: { ...served.settings, proxy: { url, record } } };
  };
  // Read by each call when it arrives: swap() replaces it whole, so a call sees one version.
  let project = proxied(first);
  const upstream = createRunnerForward();
  let origin = 'http://127.0.0.1';
  // The request log: a ring of the last `history` calls (`next` is where the next one goes),
  // each with its id, counted from 1 as the service's log counts them.
  let calls: KeptCall[] = [];
  let next = 0;
  let lastId = 0;
  const unanswered = new Map<string, Unanswered>();
  let limits = createMemoryLimits();
  const newOperations = () =>
    createCollectionOperations({
      store: createMemoryCollectionStore(),
      maxResponseBytes: MAX_RESPONSE_BYTES,
      maxOwnerBytes: MAX_OWNER_BYTES,
      // This process is the only one writing its store: a read needs no version query.
      alone: true,
    });
  let operations = newOperations();
  const collections: CollectionAnswerer = {
    sessionOf,
    answer: (call) => operations.answer(call),
    reset: (owner, session) => operations.reset(owner, session),
  };
  const engine = createEngine({
    // Through a function, so that reset() can start the limits again.
    limits: {
      take: (...args) => limits.take(...args),
      nextCall: (...args) => limits.nextCall(...args),
      resetCalls: (...args) => limits.resetCalls(...args),
    },
    recorder: {
      record(capture) {
        const call = { id: ++lastId, capture };
        if (calls.length < history) calls.push(call);
        else calls[next] = call;
        next = (next + 1) % history;
      },
    },
    collections,
  });
  const handle = engine.handler<
    CompiledRoute,
    CompiledResponse,
    ServedProject,
    CollectionTarget<ServedProject>,
    ServerResponse
  >({
    wait: (_client, delay) => sleep(delay),
    // Every answer is rendered in line: the runner answers one developer, not the internet.
    ownerOfKey: () => null,
    pageUrl: (url) => `${origin}${url.split('?')[0]}`,
    // The runner's project is at its origin's root (and at /p/{slug} too).
    projectUrl: () => origin,
    requestPath: (url) => pathAfter(url, projectPathAt(url, project.slug)),
    forward: options.record
      ? { forward: (call, host) => upstream.forward(call, host), record: options.record }
      : upstream,
  });

  const server = createServer((request, response) => {
    try {
      answerRequest(request, response);
    } catch (error) {
      // Nothing a call sends should throw here; if it does, this call fails, not the runner.
      process.stderr.write(`mocksmith: ${(error as Error).stack ?? error}\n`);
      response.destroy();
    }
  });
  // A keep-alive client (wrk, a test suite) keeps its connection between calls.
  server.keepAliveTimeout = 65_000;

  /**
   * A request answered: synchronously unless it has a body to read or its answer waits for
   * something (a delay, a collection), as the server's handler, with no promise per call.
   */
  function answerRequest(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    if (url.startsWith('/backend/')) {
      // The verification API at the service's paths, not a call of the project.
      const answer = verificationAnswer(project, method, url, ordered(), () => {
        calls = [];
        next = 0;
      });
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
      return;
    }
    const mark = url.indexOf('?');
    const query = (mark === -1 ? {} : parseQuery(url.slice(mark + 1))) as RawQuery;
    const call: RunnerCall = newCall(
      method,
      url,
      query,
      request.headers,
      request.socket.remoteAddress ?? '',
    );
    const out = everyAnswer();
    if (method === 'OPTIONS') preflight(request, out);
    const at = projectPathAt(url, project.slug);
    const path = pathAfter(url, at);
    try {
      resolveCall(call, path, out);
    } catch (error) {
      call.project = project;
      call.refusal = error as Error;
    }
    const exchange: Exchange = { request, response, call, out, started, at };
    if (hasBody(request)) {
      (call.refusal !== null && project.settings.proxy
        ? readForwarded(request, call)
        : readBody(request, call)
      )
        .then(() => answerCall(exchange))
        .catch((error: unknown) => broken(exchange, error));
    } else answerCall(exchange);
  }

  /** The call's answer through the engine's handle, then sent (or the connection closed). */
  function answerCall(exchange: Exchange): void {
    let answer: Answer | Promise<Answer>;
    try {
      answer = handle(exchange.call, exchange.response);
    } catch (error) {
      done(exchange, refuse(exchange, error));
      return;
    }
    if (answer instanceof Promise) {
      answer
        .then(
          (answered) => deliver(exchange, answered),
          (error: unknown) => done(exchange, refuse(exchange, error)),
        )
        .catch((error: unknown) => broken(exchange, error));
    } else deliver(exchange, answer);
  }

  /**
   * What failed past the point of an answer (a write on a socket already gone): printed, and
   * the connection closed, so that one call never stops the runner.
   */
  function broken({ response }: Exchange, error: unknown): void {
    process.stderr.write(`mocksmith: ${(error as Error).stack ?? error}\n`);
    response.destroy();
  }

  function deliver(exchange: Exchange, answer: Answer): void {
    if (answer.kind === 'send') {
      let status: number;
      try {
        status = send(exchange, answer);
      } catch (error) {
        // A header Node refuses to write (a character no header may hold): a 500, not a crash.
        if (exchange.response.headersSent) throw error;
        status = refuse({ ...exchange, out: everyAnswer() }, error);
      }
      done(exchange, status);
      return;
    }
    if (answer.kind === 'stream') {
      sendStream(exchange, answer);
      return;
    }
    // No answer at all: logged before the connection goes.
    done(exchange, 0);
    const { socket } = exchange.request;
    if (answer.how === 'reset') socket.resetAndDestroy();
    else socket.destroy();
  }

  /**
   * A forwarded call's answer: the upstream's status and headers after the sandbox and CORS,
   * its body piped as it arrives; logged once it is all sent (or broken off).
   */
  function sendStream(exchange: Exchange, answer: StreamAnswer): void {
    const { response, out } = exchange;
    for (const [name, value] of answer.headers) put(out, name, value);
    response.writeHead(answer.status, out);
    const { body } = answer;
    if (body === null || answer.status === 204 || answer.status === 304) {
      body?.destroy();
      response.end();
      done(exchange, answer.status);
      return;
    }
    pipeline(body, response, () => done(exchange, answer.status));
  }

  /** Resolves and admits a call: its route, a collection's place, a reset, or an OPTIONS. */
  function resolveCall(call: RunnerCall, path: string, out: OutHeaders): void {
    const authorization = firstOf(call.headers.authorization);
    const match = resolve(project, project.slug, call.method, path);
    if (match.kind === 'reset') {
      call.collection = resetTarget(project, authorization);
      return;
    }
    if (match.kind === 'method') {
      out.allow = match.allow;
      return;
    }
    const value = match.route.value;
    if (isPlace(value)) {
      call.collection = collectionTarget(project, value, match.params, authorization);
      return;
    }
    call.route = value;
    call.project = project;
    call.params = match.params;
    // A route's own token (401 with WWW-Authenticate).
    if (value.authToken !== null) admitToken(value, authorization);
  }

  /** Logs an answered call: to the request log (capture) and as a line in the terminal. */
  function done({ call, started, at }: Exchange, status: number): void {
    const elapsedTime = performance.now() - started;
    engine.capture(call, status, { elapsedTime }, () => at);
    if (
      call.route === null &&
      call.collection === null &&
      call.upstream === null &&
      (status === 404 || status === 405)
    ) {
      const path = pathOf({ url: call.url, pathAt: at });
      const key = `${call.method} ${path}`;
      const seen = unanswered.get(key);
      if (seen) seen.count += 1;
      // Bounded, so that a scan of made-up paths cannot grow it without end: past that many
      // paths, a new one is not listed (those listed keep counting, and --strict still fails).
      else if (unanswered.size < MAX_UNANSWERED) {
        unanswered.set(key, { method: call.method, path, status, count: 1 });
      }
    }
    if (!log) return;
    const chosen = call.chosen;
    if (format === 'json') {
      const named = chosen && !chosen.generic;
      log(
        JSON.stringify({
          time: new Date(Date.now() - elapsedTime).toISOString(),
          method: call.method,
          path: call.url,
          status,
          response: named ? chosen.response.name : null,
          rule: named && chosen.rule !== null ? chosen.rule + 1 : null,
          collection: call.collection?.collection?.name ?? null,
          fault: call.fault,
          proxied: call.upstream !== null,
          ms: Math.round(elapsedTime * 10) / 10,
        }),
      );
      return;
    }
    const answered =
      call.upstream !== null
        ? `proxied (${call.upstream.ms.toFixed(1)} ms upstream)`
        : call.fault !== null
          ? `fault ${call.fault}`
          : chosen && !chosen.generic
            ? `${chosen.response.name}${chosen.rule === null ? '' : ` (rule ${chosen.rule + 1})`}`
            : call.collection?.collection
              ? `collection ${call.collection.collection.name}`
              : '-';
    log(
      `${call.method} ${call.url} ${status === 0 ? 'closed' : status} ${answered} ${elapsedTime.toFixed(1)} ms`,
    );
  }

  /** The kept calls, oldest first. */
  function ordered(): KeptCall[] {
    return calls.length < history ? [...calls] : [...calls.slice(next), ...calls.slice(0, next)];
  }

  return {
    listen(port, host) {
      return new Promise((resolved, rejected) => {
        server.once('error', rejected);
        server.listen(port, host, () => {
          server.off('error', rejected);
          const address = server.address() as AddressInfo;
          const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          origin = `http://${shown}:${address.port}`;
          resolved(origin);
        });
      });
    },
    requests: () => ordered().map((call) => call.capture),
    reset() {
      operations = newOperations();
      limits = createMemoryLimits();
      engine.forget();
      calls = [];
      next = 0;
      unanswered.clear();
    },
    async swap(next) {
      const served = proxied(next);
      const previous = project;
      project = served;
      const versions = new Map(served.collections.map((one) => [one.id, one.version]));
      for (const collection of previous.collections) {
        if (versions.get(collection.id) !== collection.version) {
          await operations.clearCollection(previous, collection.id);
        }
      }
    },
    project: () => project,
    unanswered: () => [...unanswered.values()],
    close() {
      upstream.close().catch(() => {});
      return new Promise((resolved, rejected) => {
        server.close((error) => (error ? rejected(error) : resolved()));
        server.closeAllConnections();
      });
    },
  };
}

/** A place of the table that is a collection's (a route is a compiled route). */
function isPlace(value: CompiledRoute | CollectionPlace): value is CollectionPlace {
  return 'item' in value;
}

/** The first value of a header. */
function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Where a call's own path starts in its URL: after `/p/{slug}` for the project's slug, else 0
 * (the project at the root of the origin).
 */
export function projectPathAt(url: string, slug: string): number {
  const prefix = `/p/${slug}`;
  if (!url.startsWith(prefix)) return 0;
  const next = url[prefix.length];
  return next === undefined || next === '/' || next === '?' ? prefix.length : 0;
}

/**
 * A call's path after its base URL, as sent (query kept), as the server reads it: `/p/shop?x`
 * is `/?x`; at the root of the origin, the URL itself.
 */
function pathAfter(url: string, at: number): string {
  if (at === 0) return url;
  return at === url.length || url[at] === '?' ? `/${url.slice(at)}` : url.slice(at);
}

/** The CORS preflight's headers, as the server's mock scopes add them (mocks.routes.ts). */
function preflight(request: IncomingMessage, out: OutHeaders): void {
  out['access-control-allow-methods'] = MOCK_CORS.methods.join(', ');
  out.vary = 'Access-Control-Request-Headers';
  const asked = request.headers['access-control-request-headers'];
  if (asked !== undefined) out['access-control-allow-headers'] = asked;
  out['access-control-max-age'] = String(MOCK_CORS.maxAge);
}

/** Whether a request has a body to read (a length, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * Reads a request's body as the server's mock scopes do: a JSON body up to
 * MAX_REQUEST_BODY_BYTES kept for the templates and collections (its depth checked on the text
 * before it is parsed), anything else read and dropped, the first LOGGED_BODY_BYTES kept for the
 * request log.
 */
function readBody(request: IncomingMessage, call: RunnerCall): Promise<void> {
  const keep = JSON_TYPE.test(request.headers['content-type'] ?? '');
  const chunks: Buffer[] = [];
  const logged: Buffer[] = [];
  call.rawBody = logged;
  let size = 0;
  return new Promise((resolved) => {
    request.on('data', (chunk: Buffer) => {
      if (size < LOGGED_BODY_BYTES) logged.push(chunk);
      size += chunk.length;
      if (keep && size <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
    });
    request.on('error', () => resolved());
    request.on('end', () => {
      if (!keep) {
        // A collection refuses it (415); a route's template reads it as null.
        if (size > 0) call.bodyProblem = 'not-json';
        return resolved();
      }
      const read = jsonOf(chunks, size);
      if (read.problem !== null) call.bodyProblem = read.problem;
      call.body = read.value;
      resolved();
    });
  });
}

/**
 * The whole body of a call the project's proxy forwards, up to MAX_FORWARDED_BODY_BYTES (past
 * it, the forward refuses it with 413), its first bytes kept for the request log.
 */
function readForwarded(request: IncomingMessage, call: RunnerCall): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolved) => {
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FORWARDED_BODY_BYTES) chunks.push(chunk);
    });
    request.on('error', () => resolved());
    request.on('end', () => {
      const whole = size > MAX_FORWARDED_BODY_BYTES ? 'too-large' : Buffer.concat(chunks);
      call.forwardBody = whole;
      call.rawBody = whole === 'too-large' ? null : [whole.subarray(0, LOGGED_BODY_BYTES)];
      resolved();
    });
  });
}

/** A kept JSON body: its value (null when too large, too deep or not JSON), and why not. */
function jsonOf(chunks: Buffer[], size: number): { value: unknown; problem: BodyProblem | null } {
  if (size === 0) return { value: null, problem: null };
  if (size > MAX_REQUEST_BODY_BYTES) return { value: null, problem: 'too-large' };
  const text = Buffer.concat(chunks).toString('utf8');
  if (jsonTextTooDeep(text)) return { value: null, problem: 'too-deep' };
  try {
    return { value: JSON.parse(text), problem: null };
  } catch {
    return { value: null, problem: 'invalid-json' };
  }
}

/**
 * Sets a header as Fastify's reply.header does: by lower-case name, a repeated Set-Cookie added,
 * any other replaced.
 */
function put(out: OutHeaders, name: string, value: string): void {
  const key = name.toLowerCase();
  const held = key === 'set-cookie' ? out[key] : undefined;
  if (held === undefined) out[key] = value;
  else out[key] = [...(Array.isArray(held) ? held : [String(held)]), value];
}

/**
 * The one send of an answer, as the server's: its status, the JSON type when it has a body, then
 * its headers in their order (so that a route's own Content-Type wins), then the payload; a HEAD
 * gets the headers alone, a 204 no length. Returns the status sent.
 */
function send({ request, response, out }: Exchange, answer: SentAnswer): number {
  const { payload, status } = answer;
  if (payload !== undefined) out['content-type'] = 'application/json; charset=utf-8';
  for (const [name, value] of answer.headers) put(out, name, value);
  if (status !== 204 && status !== 304) {
    out['content-length'] = payload === undefined ? 0 : Buffer.byteLength(payload);
  }
  response.writeHead(status, out);
  if (request.method === 'HEAD' || payload === undefined || status === 204) response.end();
  else response.end(payload);
  return status;
}

/**
 * A refusal answered as the server's error handler answers it: the headers the answer had been
 * given (X-Mock-Response, a profile's RateLimit-*), the error's own, its status and JSON body;
 * anything but an AppError is a 500 that says nothing of its cause (printed here instead).
 */
function refuse({ response, call, out }: Exchange, caught: unknown): number {
  let error: AppError;
  if (caught instanceof AppError) error = caught;
  else {
    process.stderr.write(`mocksmith: ${(caught as Error).stack ?? caught}\n`);
    error = new AppError(ErrorCode.INTERNAL_ERROR, 'Something went wrong on our side');
  }
  if (call.answerHeaders !== null) {
    for (const [name, value] of call.answerHeaders) put(out, name, value);
  }
  if (error.headers) {
    for (const [name, value] of Object.entries(error.headers)) put(out, name, value);
  }
  const body = JSON.stringify({
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  });
  out['content-type'] = 'application/json; charset=utf-8';
  out['content-length'] = Buffer.byteLength(body);
  response.writeHead(error.statusCode, out);
  response.end(call.method === 'HEAD' ? undefined : body);
  return error.statusCode;
}

/**
 * The summary printed at exit: the calls no route answered, one line each, most frequent first
 * (none: no lines), so that a test run's missing routes show at its end.
 */
export function unansweredSummary(calls: readonly Unanswered[]): string[] {
  if (calls.length === 0) return [];
  const total = calls.reduce((sum, call) => sum + call.count, 0);
  const lines = [`${total} ${total === 1 ? 'call' : 'calls'} no route answered:`];
  for (const call of [...calls].sort((a, b) => b.count - a.count)) {
    lines.push(
      `  ${call.status} ${call.method} ${call.path}${call.count > 1 ? ` (${call.count} times)` : ''}`,
    );
  }
  return lines;
}

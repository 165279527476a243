/**
 * The answer step's forward (issue 40, partial mocking): a call of a project that no route or
 * collection answers, sent on to the project's proxy (`settings.proxy.url` + the same path and
 * query), and the upstream's answer streamed back with `X-Mock-Proxied: true`. Routes still win:
 * only a call resolve refused as an unknown path (404) or another method (405) is forwarded.
 * What is sent is decided here, for every host alike; the sending is the host's port
 * (ForwardPort): the server checks the upstream's address and bounds it, the runner does not.
 */
import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  AppError,
  ErrorCode,
  jsonTextTooDeep,
  setsAppCookie,
  withoutAppCookies,
} from '@mocksmith/core';
import { checkResponse, type ResponseContract } from '@mocksmith/core/openapi';
import type { SpecResponse } from '@mocksmith/core/projects';
import type { StreamAnswer } from './call.ts';
import { compileRouteTable, type RouteTable } from './route-table.ts';

/** The largest request body a call forwards (bytes); a larger one is refused with 413. */
export const MAX_FORWARDED_BODY_BYTES = 1024 * 1024;

/** The header a forwarded call carries upstream, so that one coming back is not forwarded again. */
export const FORWARDED_MARK = 'x-mock-forwarded';

/** The largest forwarded answer recording reads (bytes); a larger one is forwarded, not recorded. */
export const MAX_RECORDED_BODY_BYTES = 1024 * 1024;

/** A JSON answer's type (`application/json`, `application/problem+json`...). */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** A forwarded call whose JSON answer recording turns into a route (the host's port stores it). */
export interface RecordedExchange {
  projectId: string;
  /** The project's owner, as whom the route is added. */
  ownerId: string | null;
  method: string;
  /** The call's path after the project's base URL, without the query (`/users/42`). */
  path: string;
  status: number;
  /** The answer's JSON. */
  body: unknown;
}

/** What a project's settings say of its proxy, as the forward reads them. */
export interface ForwardSettings {
  url: string;
  record?: boolean;
}

/** A call to send upstream, decided by the engine. */
export interface ForwardRequest {
  /** The upstream URL: the proxy's, then the call's own path and query. */
  url: string;
  method: string;
  /** The call's headers less hop-by-hop ones, the app's cookies and `X-Mock-*`. */
  headers: Record<string, string | string[]>;
  /** The body as received, or null for none. */
  body: Buffer | null;
  /** The project's owner: forwarded calls are counted per account. */
  account: string | null;
}

/** The upstream's answer as the host's port received it (its body not read yet). */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it arrives (bounded by the host), or null for none. */
  body: Readable | null;
  /** Milliseconds from sending the call to the upstream's status line. */
  ms: number;
}

/**
 * How a host sends a forwarded call. Rejects with an AppError the host's caller sees (an address
 * the host may not call 502, a timeout 504, past its account's forwarded calls 429).
 */
export interface ForwardPort<H> {
  forward(request: ForwardRequest, host: H): Promise<UpstreamAnswer>;
  /**
   * Stores a recorded exchange as a route of its project (a project whose proxy records); once
   * the answer was all sent, never waited for. Without it, nothing is recorded.
   */
  record?(exchange: RecordedExchange, host: H): void;
}

/**
 * What a project's spec says its operations answer (drift), by method and route path, matched as
 * the project's routes are; compiled once per project version, with its table.
 */
export type SpecResponses = RouteTable<ResponseContract>;

/** The spec responses of a project (its plan's `responses`), or null for a project of no spec. */
export function compileSpecResponses(
  responses: readonly SpecResponse[] | null | undefined,
): SpecResponses | null {
  if (!responses || responses.length === 0) return null;
  return compileRouteTable(
    responses.map(({ method, path, contract }) => ({ method, path, value: contract })),
  );
}

/** The contract a forwarded call's answer is checked against, or null. */
function contractOf(
  responses: SpecResponses | null | undefined,
  method: string,
  path: string,
): ResponseContract | null {
  if (!responses) return null;
  const match = responses.match(method, path);
  return match.kind === 'route' ? match.route.value : null;
}

/** What the upstream's answer is to the log: its status and time. */
export interface UpstreamMark {
  status: number;
  ms: number;
}

/**
 * Headers that belong to one connection (RFC 9110 §7.6.1) and never cross a proxy, with the
 * ones a client's proxy sets up.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * What never goes upstream beside those: the host (the upstream's own is set from its URL), the
 * length (the body is sent whole and measured again), and the app's own key header.
 */
const NOT_FORWARDED = new Set(['host', 'content-length', 'x-mocksmith-key', 'http2-settings']);

/**
 * What an upstream's answer may not set: the sandbox and open CORS every mock answer carries
 * (the host's), and the frame of the answer (the host measures and frames the body itself
 * only when the upstream did not give its length).
 */
const NOT_RETURNED = new Set([
  'content-security-policy',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
]);

/** The code of the refusals a proxy answers in place of (an unknown path, another method). */
const FORWARDED_REFUSALS = new Set<string>([
  ErrorCode.ROUTE_NOT_FOUND,
  ErrorCode.METHOD_NOT_ALLOWED,
]);

/** Whether a call refused by resolve is one its project's proxy answers instead. */
export function forwardsRefusal(refusal: Error): boolean {
  return FORWARDED_REFUSALS.has((refusal as { code?: string }).code ?? '');
}

/** The upstream URL of a call: the proxy's base URL, then the call's path and query as sent. */
export function upstreamUrl(base: string, pathAndQuery: string): string {
  const path = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** The headers a call sends upstream: all but hop-by-hop ones, the app's cookies and `X-Mock-*`. */
export function forwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const own = withoutAppCookies(headers);
  const named = connectionNamed(own.connection);
  const sent: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(own)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || NOT_FORWARDED.has(lower) || named.has(lower)) continue;
    if (lower.startsWith('x-mock-') || lower.startsWith(':')) continue;
    sent[lower] = value;
  }
  return sent;
}

/**
 * The headers of an upstream's answer as the mock URL sends them: all but hop-by-hop ones,
 * those the mock answer sets itself (sandbox, CORS), and a Set-Cookie of the app's own
 * cookies; then `X-Mock-Proxied: true`.
 */
export function returnedHeaders(
  headers: Record<string, string | string[] | undefined>,
): (readonly [string, string])[] {
  const named = connectionNamed(headers.connection);
  const list: (readonly [string, string])[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || NOT_RETURNED.has(lower) || named.has(lower)) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (lower === 'set-cookie' && setsAppCookie(one)) continue;
      list.push([lower, one]);
    }
  }
  list.push(['x-mock-proxied', 'true']);
  return list;
}

/**
 * Forwards a call through the host's port: the request decided here, the upstream's answer as
 * one to stream back, its status and time written to `mark` for the log.
 */
export async function forward<H>(
  port: ForwardPort<H>,
  host: H,
  call: {
    method: string;
    headers: Record<string, string | string[] | undefined>;
    forwardBody: Buffer | 'too-large' | null;
    upstream: UpstreamMark | null;
    drift: string[] | null;
  },
  proxy: ForwardSettings,
  pathAndQuery: string,
  project: { id: string; ownerId: string | null; specResponses?: SpecResponses | null },
): Promise<StreamAnswer> {
  // A call a proxy of ours sent: forwarding it again would loop (a proxy pointed at a mock URL).
  if (call.headers[FORWARDED_MARK] !== undefined) {
    throw new AppError(
      ErrorCode.UPSTREAM_REFUSED,
      'This call came from a Mocksmith proxy and no route answers it: the proxy points back at a mock URL, which would loop',
      { status: 508 },
    );
  }
  if (call.forwardBody === 'too-large') {
    throw new AppError(
      ErrorCode.BODY_TOO_LARGE,
      `The body is larger than the proxy forwards (${MAX_FORWARDED_BODY_BYTES / 1024 / 1024} MiB)`,
    );
  }
  const path = pathAndQuery.split('?')[0] || '/';
  const recording = proxy.record === true && port.record !== undefined;
  const contract = contractOf(project.specResponses, call.method, path);
  const headers = forwardedHeaders(call.headers);
  headers[FORWARDED_MARK] = '1';
  // A recorded or checked answer is read as it passes: asked for without a content coding.
  if (recording || contract !== null) delete headers['accept-encoding'];
  const answer = await port.forward(
    {
      url: upstreamUrl(proxy.url, pathAndQuery),
      method: call.method,
      headers,
      body: call.forwardBody,
      account: project.ownerId,
    },
    host,
  );
  call.upstream = { status: answer.status, ms: answer.ms };
  let body = call.method === 'HEAD' ? null : answer.body;
  if ((recording || contract !== null) && body !== null && readable(answer)) {
    body = readAsItPasses(body, (json) => {
      // Drift: checked once the answer has passed, before the call is logged.
      if (contract !== null) {
        const drift = checkResponse(contract, answer.status, json).map((v) => v.text);
        call.drift = drift.length === 0 ? null : drift;
      }
      if (recording && recordable(answer)) {
        port.record?.(
          {
            projectId: project.id,
            ownerId: project.ownerId,
            method: call.method,
            path,
            status: answer.status,
            body: json,
          },
          host,
        );
      }
    });
  }
  return { kind: 'stream', status: answer.status, headers: returnedHeaders(answer.headers), body };
}

/** Whether an upstream's answer is read on the side: JSON, not compressed. */
function readable(answer: UpstreamAnswer): boolean {
  const type = answer.headers['content-type'];
  const encoding = answer.headers['content-encoding'];
  return (
    typeof type === 'string' &&
    JSON_TYPE.test(type) &&
    (encoding === undefined || encoding === 'identity')
  );
}

/** Whether a read answer is one recording keeps: not a redirect, nor an informational status. */
function recordable(answer: UpstreamAnswer): boolean {
  return (
    answer.status >= 200 && answer.status < 600 && (answer.status < 300 || answer.status >= 400)
  );
}

/**
 * The body passed on as it arrives, and read on the side up to MAX_RECORDED_BODY_BYTES: once it
 * ended whole, its JSON (checked for depth before it is parsed) goes to `done`; a larger body, an
 * error or one that is not JSON is not recorded.
 */
function readAsItPasses(body: Readable, done: (json: unknown) => void): Readable {
  const chunks: Buffer[] = [];
  let size = 0;
  const passed = new PassThrough();
  body.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_RECORDED_BODY_BYTES) chunks.push(chunk);
  });
  body.on('end', () => {
    if (size === 0 || size > MAX_RECORDED_BODY_BYTES) return;
    const text = Buffer.concat(chunks).toString('utf8');
    if (jsonTextTooDeep(text)) return;
    try {
      done(JSON.parse(text));
    } catch {
      // Said to be JSON, and not: forwarded as it is, not recorded.
    }
  });
  // One pipeline: an error ends the answer there, a caller gone closes the upstream's body.
  return pipeline(body, passed, () => {});
}

/** The header names a `Connection` header lists (they are hop-by-hop too). */
function connectionNamed(value: string | string[] | undefined): Set<string> {
  if (value === undefined) return EMPTY;
  const names = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return names.length === 0 ? EMPTY : new Set(names);
}

const EMPTY: Set<string> = new Set();

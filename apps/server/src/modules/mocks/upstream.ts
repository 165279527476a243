/**
 * The server's forward port (issue 40): a call no route of a project answers, sent to its
 * proxy's upstream with undici, within bounds. On the hosted service only a public upstream
 * is called (upstream-address.ts: the literal checked at once, a name in the connection's own
 * lookup, so the connection goes to the checked address); a redirect is never followed (a 3xx
 * goes back to the caller as it came, so it cannot lead the service to a private address); the
 * connection, the wait for the answer and the whole call each have a time bound; the answer's
 * body is bounded by the mock answer bound (MOCK_MAX_RESPONSE_BYTES); and each account has so
 * many forwarded calls a minute (the consumer limits, shared through Redis when scaled out).
 */
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { ErrorCode } from '@mocksmith/core';
import type {
  ConsumerLimits,
  ForwardPort,
  ForwardRequest,
  UpstreamAnswer,
} from '@mocksmith/engine';
import { Agent, errors, request } from 'undici';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import {
  bareHost,
  guardedLookup,
  hostRefusal,
  type Resolver,
  upstreamRefused,
} from './upstream-address.ts';

export interface UpstreamOptions {
  /** Private upstreams allowed (a self-hosted install: MOCK_PROXY_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  connectTimeoutMs: number;
  /** The whole call, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** The largest answer body (MOCK_MAX_RESPONSE_BYTES). */
  maxBytes: number;
  /** Forwarded calls per account per minute; 0: unlimited. */
  perMinute: number;
  limits: ConsumerLimits;
  /** The names' resolver (tests give their own); the system's by default. */
  resolver?: Resolver;
}

/** The forward port with its connection pool; `close` when the server closes. */
export function createUpstream(options: UpstreamOptions): ForwardPort<unknown> & {
  close(): Promise<void>;
} {
  const { allowPrivate, timeoutMs, maxBytes, perMinute, limits } = options;
  const dispatcher = new Agent({
    connect: {
      timeout: options.connectTimeoutMs,
      ...(allowPrivate ? {} : { lookup: guardedLookup(options.resolver) }),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    // A stranger's upstream holds no connection of ours for long.
    keepAliveTimeout: 4_000,
    connections: 64,
  });

  return {
    async forward(call: ForwardRequest): Promise<UpstreamAnswer> {
      const url = new URL(call.url);
      if (!allowPrivate) {
        const refusal = hostRefusal(url.hostname);
        if (refusal !== null) throw upstreamRefused(bareHost(url.hostname), refusal);
      }
      if (perMinute > 0 && call.account !== null) {
        const verdict = await limits.take('proxy', call.account, perMinute, 60_000);
        if (!verdict.allowed) {
          throw tooManyRequests(
            `This account's projects forwarded ${perMinute} calls in the last minute, the most they may: try again in ${verdict.resetS} s`,
            verdict.resetS,
          );
        }
      }
      const signal = AbortSignal.timeout(timeoutMs);
      const started = performance.now();
      let answered: Awaited<ReturnType<typeof request>>;
      try {
        answered = await request(url, {
          dispatcher,
          method: call.method as 'GET',
          headers: call.headers,
          body: call.body ?? undefined,
          signal,
        });
      } catch (error) {
        throw failure(error, url.host, timeoutMs);
      }
      const ms = Math.round((performance.now() - started) * 100) / 100;
      // An answer said to be too large is refused as one found so while it streams: before its
      // first byte, so that the caller gets the 502 (and the log the upstream's status).
      const length = Number(answered.headers['content-length']);
      const limit = Number.isFinite(length) && length > maxBytes ? 0 : maxBytes;
      // One pipeline: a failure while the body streams (a timeout, the upstream gone) ends the
      // answer there, and a caller gone before the end closes the upstream's body too.
      const body = pipeline(
        answered.body,
        bounded(limit, () => tooLarge(url.host, maxBytes)),
        () => {},
      );
      return { status: answered.statusCode, headers: answered.headers, body, ms };
    },
    close: () => dispatcher.close(),
  };
}

/** What a failed call to the upstream answers: its refusal, a timeout 504, else 502. */
function failure(error: unknown, host: string, timeoutMs: number): AppError {
  const refusal = refusalIn(error);
  if (refusal) return refusal;
  if (
    error instanceof errors.ConnectTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    (error as Error).name === 'TimeoutError'
  ) {
    return new AppError(
      ErrorCode.UPSTREAM_TIMEOUT,
      `The proxy's upstream ${host} did not answer in time (${timeoutMs / 1000} s at most)`,
    );
  }
  const code = (error as { code?: string }).code ?? (error as Error).name;
  return new AppError(
    ErrorCode.UPSTREAM_FAILED,
    `The proxy could not reach its upstream ${host} (${code})`,
  );
}

/** Our own refusal from the connection's lookup, however undici wrapped it. */
function refusalIn(error: unknown): AppError | null {
  for (let at = error, depth = 0; at && depth < 4; at = (at as Error).cause, depth++) {
    if (at instanceof AppError && at.code === ErrorCode.UPSTREAM_REFUSED) return at;
  }
  return null;
}

function tooLarge(host: string, maxBytes: number): AppError {
  return new AppError(
    ErrorCode.UPSTREAM_FAILED,
    `The proxy's upstream ${host} answered more than a mock answer may hold (${maxBytes} bytes)`,
  );
}

/**
 * Passes the body through, and breaks it off past `maxBytes` (before its first bytes went out,
 * the caller gets the 502 of `refusal`; after, the connection ends there).
 */
function bounded(maxBytes: number, refusal: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) return callback(refusal());
      callback(null, chunk);
    },
  });
}

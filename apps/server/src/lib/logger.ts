/**
 * The process's logger settings. A request is logged by its method, address and URL, never its
 * headers (cookies, bearer tokens); the URL loses what carries a secret: the token segment of
 * the verification and reset links, query values named like a credential (the request
 * inspector's list) and e-mail addresses (a mock URL may hold one). Whatever else a
 * line holds (an error from the database driver quoting its statement's parameters, a library's
 * log arguments, a mail's recipient) is scrubbed on its way out: no parameter list, no e-mail
 * address, whatever the error path.
 */
import type { IncomingMessage } from 'node:http';
import { isSecretName } from '@mocksmith/core/inspector';
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import pretty from 'pino-pretty';

/** Path segments that follow these prefixes are tokens, or an address (the history's). */
const TOKEN_PATHS = [
  '/backend/user/verify/',
  '/verify-email/',
  '/reset-password/',
  '/backend/history/',
];
/**
 * Whether a query parameter's value is a credential: the request inspector's list of secret
 * names (core's isSecretName: `token`, `key`, `code`, `jwt`, `sig`, `client_secret`,
 * `X-Amz-Signature`...), and OAuth's `state` on the app's own sign-in paths.
 */
function isSecretParameter(path: string, name: string): boolean {
  return (
    isSecretName(name) || (name.toLowerCase() === 'state' && path.startsWith('/backend/auth/'))
  );
}

export const REDACTED = '[redacted]';

/** The URL as it may be logged: no token segment, no credential in the query, no e-mail address. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  let path = question === -1 ? url : url.slice(0, question);
  for (const prefix of TOKEN_PATHS) {
    if (path.startsWith(prefix) && path.length > prefix.length) path = `${prefix}${REDACTED}`;
  }
  if (question === -1) return scrubEmails(path);
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return isSecretParameter(path, decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return scrubEmails(`${path}?${query}`);
}

/** An e-mail address, plain or percent-encoded (`%40`), as it may appear in any text. */
const EMAIL = /[^\s"'<>()[\]{}:;,/?&=@]+(?:@|%40)[^\s"'<>()[\]{}:;,/?&=@]+\.[a-z]{2,}/gi;
/** The parameter list drizzle writes under a failed statement ("params: a@b.c,42"). */
const STATEMENT_PARAMETERS = /(^|\n)params: [^\n]*/g;
/**
 * Keys whose values quote what a statement was given: drizzle's `params`, the driver's
 * `parameters`, PostgreSQL's `detail` ("Key (email)=(…) already exists") and `where`.
 */
const QUOTING_KEYS = new Set(['params', 'parameters', 'detail', 'where']);
const MAX_DEPTH = 8;

function scrubText(text: string): string {
  return scrubEmails(text.replace(STATEMENT_PARAMETERS, `$1params: ${REDACTED}`));
}

function scrubEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/**
 * A copy of a value as it may be logged: texts scrubbed, quoted parameters dropped, errors
 * serialized (with their causes and own fields) and scrubbed.
 */
export function scrubForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) return scrubForLog({ ...stdSerializers.err(value) }, depth + 1);
  if (Array.isArray(value)) return value.map((item) => scrubForLog(item, depth + 1));
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] =
      QUOTING_KEYS.has(key) && item !== undefined ? REDACTED : scrubForLog(item, depth + 1);
  }
  return copy;
}

/** The keys whose values pino's serializers shape (and `err`'s scrubs) after the formatter. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/** A log line's fields, scrubbed but for those its serializers take care of. */
function scrubLine(line: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(line)) {
    copy[key] = SERIALIZED_KEYS.has(key) ? item : scrubForLog(item);
  }
  return copy;
}

/** pino's settings for the server: the level, and what a request and an error show. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: {
      log: scrubLine,
    },
    hooks: {
      // The message texts too (a library's own words may quote an address).
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as typeof args,
        );
      },
    },
    serializers: {
      err: (error: unknown) => scrubForLog(error),
      req: (request: IncomingMessage & { ip?: string; hostname?: string }) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        host: request.headers?.host,
        remoteAddress: request.ip ?? request.socket?.remoteAddress,
      }),
    },
    // Whatever else logs an object that holds one of these, the value stays out.
    redact: {
      paths: [
        'headers.cookie',
        'headers.authorization',
        'req.headers.cookie',
        'req.headers.authorization',
        'password',
        '*.password',
        'token',
        '*.token',
      ],
      censor: REDACTED,
    },
  };
}

/** `LOG_FORMAT`: readable lines on a terminal (`auto`) or always (`pretty`), or JSON lines. */
export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * Whether the log is written as readable lines: asked for, or `auto` with a person reading
 * (standard output is a terminal). A pipe, a file, a container's or a service manager's log
 * gets one JSON object a line, which their tools read.
 */
export function writesReadableLog(format: LogFormat, stdoutIsTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTerminal);
}

/** A request's log entries, each on one line: what was asked, then how it was answered. */
function requestMessage(entry: Record<string, unknown>, messageKey: string): string {
  const message = String(entry[messageKey] ?? '');
  const request = entry.req as { method?: string; url?: string } | undefined;
  if (request) return `${message}: ${request.method} ${request.url}`;
  const response = entry.res as { statusCode?: number } | undefined;
  if (response) {
    return `${message}: ${response.statusCode} in ${Math.round(Number(entry.responseTime))} ms`;
  }
  return message;
}

/**
 * The log's readable form (pino-pretty, in this thread: a bundle cannot start its worker): time,
 * level and message on one line, a request by its method and URL, its answer by status and
 * time, other fields as JSON after the message, an error's stack below. Lines are the scrubbed
 * ones: this only formats them.
 */
export function readableLog(destination: NodeJS.WritableStream | number = 1): DestinationStream {
  return pretty({
    destination,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: requestMessage,
  });
}

/**
 * The process's logger settings. A request is logged by its method, address and URL, never its
 * headers (cookies, bearer tokens); the URL loses what carries a secret: the token segment of
 * the verification and reset links, and query values named like a credential.
 */
import type { IncomingMessage } from 'node:http';
import type { LoggerOptions } from 'pino';

/** Path segments that follow these prefixes are tokens. */
const TOKEN_PATHS = ['/backend/user/verify/', '/verify-email/', '/reset-password/'];
/** Query parameters whose values are credentials (OAuth's code and state included). */
const SECRET_PARAMETERS =
  /^(token|access_token|id_token|refresh_token|code|state|password|key|api_key|apikey|secret)$/i;

export const REDACTED = '[redacted]';

/** The URL as it may be logged. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  let path = question === -1 ? url : url.slice(0, question);
  for (const prefix of TOKEN_PATHS) {
    if (path.startsWith(prefix) && path.length > prefix.length) path = `${prefix}${REDACTED}`;
  }
  if (question === -1) return path;
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
      return SECRET_PARAMETERS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's settings for the server: the level, and what a request and an error show. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
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

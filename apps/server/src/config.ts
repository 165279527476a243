/**
 * The server's configuration: environment variables, validated once at start. Every problem is
 * listed in one error so that a bad deployment is fixed in one go.
 */
import { resolve } from 'node:path';
import {
  DEFAULT_MOCK_OWNER_RATE_LIMIT,
  DEFAULT_MOCK_RATE_LIMIT,
  DEFAULT_MOCK_RATE_WINDOW_S,
} from '@mocksmith/core/limits';
import { z } from 'zod';

const optionalUrl = z.url().optional();
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
/** Dot-separated DNS labels (letters, digits, '-' inside), with an optional port. */
const HOST_NAME =
  /^(?=.{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;
const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface to listen on; 0.0.0.0 serves every interface. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The public origin of the service, used in the links it answers; else the request's own. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /**
   * Another origin that serves the public mock URLs (https://mocks.example.com), so that content
   * written by strangers never runs as the app's origin. Links and code samples use it; the app's
   * host redirects mock URLs there, and that host serves nothing but mocks.
   */
  MOCK_ORIGIN: z.preprocess(emptyAsUndefined, optionalUrl),
  /**
   * A host under which every project also answers at `{slug}.{host}` (mocks.example.com; a port
   * may follow), given a wildcard DNS record and certificate for it. Unset: projects answer
   * under MOCK_ORIGIN/p/{slug} only.
   */
  MOCK_WILDCARD_HOST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(HOST_NAME, {
        error: 'must be a host name such as mocks.example.com (no scheme, path or wildcard)',
      })
      .optional(),
  ),
  /** Where the embedded database, generated secrets and the outbox live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** An external PostgreSQL; when unset the embedded one in DATA_DIR is started. */
  DATABASE_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /** Redis for shared rate limits and cache invalidation across nodes; in-process when unset. */
  REDIS_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  /**
   * The longest a database statement may take, in milliseconds, on the server and as seen from
   * here (a stalled database fails the call with 503 after it rather than holding it).
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Signs session cookies and mail tokens; generated and kept in DATA_DIR when unset. Every node
   * of a scaled-out deployment needs the same one.
   */
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** Where mail goes; when unset, into DATA_DIR/outbox/ as .eml files. */
  SMTP_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  MAIL_FROM: z.string().default('Mocksmith <no-reply@mocksmith.local>'),
  /** Google sign-in is offered when both are set. */
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** The OpenID issuer standing for Google (its discovery document is read from here). */
  GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, z.url().default('https://accounts.google.com')),
  /**
   * Registration and reset requests per window per client, and failed sign-ins per client; 0
   * turns the limit off.
   */
  AUTH_RATE_LIMIT: count(30),
  /** The same per e-mail address (failed sign-ins: per client + address); 0 turns it off. */
  AUTH_ADDRESS_RATE_LIMIT: count(10),
  /**
   * Wrong passwords per window for one account, from anywhere; past it the account refuses
   * sign-ins except from devices that signed in before and browsers that opened the link
   * mailed to its owner. 0 turns the budget off.
   */
  AUTH_ACCOUNT_FAILURE_LIMIT: count(20),
  AUTH_RATE_WINDOW_S: z.coerce.number().int().min(1).default(900),
  /** Requests per window per client on the public mock endpoints; 0 turns the limit off. */
  MOCK_RATE_LIMIT: count(DEFAULT_MOCK_RATE_LIMIT),
  MOCK_RATE_WINDOW_S: z.coerce.number().int().min(1).default(DEFAULT_MOCK_RATE_WINDOW_S),
  /**
   * Requests per window of an owner on their own mock URLs (a call with their API key or a
   * token of the route, the project or the collection), counted per account; 0: unlimited.
   */
  MOCK_OWNER_RATE_LIMIT: count(DEFAULT_MOCK_OWNER_RATE_LIMIT),
  /**
   * The largest answer a mock API may give, in bytes of JSON: templates that could exceed it are
   * refused when saved or previewed, and generation stops past it.
   */
  MOCK_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * The bytes of records an account's collections may hold, written by calls across all their
   * projects and sessions (the seeded records are made, not stored); past it, writes get 409.
   */
  MOCK_STATE_BYTES_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  /**
   * The percent of MOCK_STATE_BYTES_PER_ACCOUNT that calls without a token (or the owner's API
   * key) may write, all of an account's projects together; past it their writes get 409 and the
   * rest stays the owner's.
   */
  MOCK_ANON_STATE_SHARE: z.coerce.number().int().min(0).max(100).default(25),
  /**
   * The new sessions (`X-Mock-Session`) one address may start in a project in an hour without a
   * token; past it, 429. 0 turns the limit off.
   */
  MOCK_ANON_SESSIONS_PER_HOUR: count(100),
  /** Calls held for their API's delay at once, per client and in all; past them, 429. */
  MOCK_MAX_DELAYED_PER_CLIENT: z.coerce.number().int().min(1).default(100),
  MOCK_MAX_DELAYED: z.coerce.number().int().min(1).default(10_000),
  /**
   * A mock API whose worst-case answer reaches this many bytes answers off the event loop, in a
   * worker, within the caps below (each past them 429); smaller ones answer on the event loop.
   */
  MOCK_LARGE_ANSWER_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(256 * 1024),
  /** Large answers made or sent at once, per API, per account and in all on this node. */
  MOCK_LARGE_ANSWERS_PER_API: z.coerce.number().int().min(1).default(4),
  MOCK_LARGE_ANSWERS_PER_ACCOUNT: z.coerce.number().int().min(1).default(8),
  MOCK_LARGE_ANSWERS: z.coerce.number().int().min(1).default(16),
  /** Bytes of large answers one API, and one account's APIs, may send per minute on this node. */
  MOCK_API_BYTES_PER_MINUTE: count(256 * 1024 * 1024),
  MOCK_ACCOUNT_BYTES_PER_MINUTE: count(1024 * 1024 * 1024),
  /** Worker threads for large answers; 0 for one fewer than the cores (1 to 4). */
  MOCK_ANSWER_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /**
   * A project's proxy may call upstreams on private, loopback and link-local addresses: for a
   * self-hosted install whose real API is on its own network. Never on a shared service.
   */
  MOCK_PROXY_ALLOW_PRIVATE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** The longest a proxy waits for its upstream's connection, and for a whole forwarded call (ms). */
  MOCK_PROXY_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  MOCK_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Calls an account's projects may forward to their upstreams per minute; 0: unlimited. */
  MOCK_PROXY_CALLS_PER_MINUTE: count(600),
  /** Anonymous API creations per window per client; 0 turns the limit off. */
  CREATE_RATE_LIMIT: count(30),
  CREATE_RATE_WINDOW_S: z.coerce.number().int().min(1).default(600),
  /** Anonymous API creations per day per client; 0 turns the limit off. */
  CREATE_DAILY_LIMIT: count(200),
  /** Previews per minute per client; 0 turns the limit off. */
  PREVIEW_RATE_LIMIT: count(120),
  /** The most APIs one account may have (imports included). */
  MAX_APIS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5000),
  /**
   * Seconds within which a user's create of the same API (name, template, method, endpoint) is
   * refused as the same form sent twice (409 API_JUST_CREATED); 0 turns the check off.
   */
  REPEAT_CREATE_WINDOW_S: count(10),
  /**
   * Answers of 404 for unknown API paths and files per minute per client (page loads are not
   * counted), so that scanning the server for paths is slow; 0 turns the limit off.
   */
  NOT_FOUND_RATE_LIMIT: count(120),
  /** OpenAPI uploads per minute per client; 0 turns the limit off. */
  OPENAPI_RATE_LIMIT: count(5),
  /** Gallery reports per hour per signed-in user; 0 turns the limit off. */
  REPORT_RATE_LIMIT: count(10),
  /**
   * Saves of a project's routes (creates and replacements) per minute per user; past it, 429
   * with Retry-After. A save checks the route's templates and compiles its rules' patterns, so
   * one account saving in a loop would take the server's time from everyone; 0 turns it off.
   */
  ROUTE_SAVE_RATE_LIMIT: count(60),
  /**
   * The longest a client may take to send a whole request (headers and body), in seconds; past
   * it the connection is answered 408 and closed, so that trickled bodies hold nothing for long.
   */
  REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How the log is written: `auto` readable lines when standard output is a terminal and one
   * JSON object a line otherwise (a pipe, a file, a container), `pretty` or `json` always.
   */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** Set when a proxy in front of the server sets X-Forwarded-For and X-Forwarded-Proto. */
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** DATA_DIR made absolute. */
  dataDir: string;
  isProduction: boolean;
  /**
   * The origin the service is reached at: PUBLIC_URL's, else http://localhost:PORT. Mail links,
   * the Google redirect and the session cookie's Secure flag follow it.
   */
  publicOrigin: string;
  /**
   * The origin of the public mock URLs in every link the product shows, copies, mails or
   * exports: MOCK_ORIGIN's, else the public origin. Never the request's Host, so that every
   * link names one origin whatever name the site was reached by.
   */
  mockOrigin: string;
  /** MOCK_ORIGIN is set and differs from the public origin: mocks live on a host of their own. */
  separateMockHost: boolean;
  /** Both Google credentials are set. */
  googleEnabled: boolean;
}

/** Thrown when the environment is invalid; its message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const publicOrigin = value.PUBLIC_URL
    ? new URL(value.PUBLIC_URL).origin
    : `http://localhost:${value.PORT}`;
  const mockOrigin = value.MOCK_ORIGIN ? new URL(value.MOCK_ORIGIN).origin : null;
  return {
    ...value,
    dataDir: resolve(value.DATA_DIR),
    isProduction: value.NODE_ENV === 'production',
    publicOrigin,
    mockOrigin: mockOrigin ?? publicOrigin,
    separateMockHost: mockOrigin !== null && mockOrigin !== publicOrigin,
    googleEnabled: Boolean(value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET),
  };
}

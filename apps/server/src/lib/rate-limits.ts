/**
 * Every request budget of the service in one table: the counter's name, how many calls, in what
 * window, and what is counted (the client address unless said). Routes take their hooks from
 * here instead of spelling out the plugin's options; the numbers come from the configuration
 * (config.ts, `.env.example`), and a budget of 0 is off. The sign-in budgets, which count
 * failures only, live with the sign-in guard (modules/auth/sign-in-guard.ts) and read the same
 * configuration; so do the sessions anonymous callers start, counted as each starts
 * (modules/collections/session-budget.ts).
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@mocksmith/core';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import { tooManyRequests } from './errors.ts';

/** One budget: a counter of its own, its calls per window (0: off), and what it counts. */
/**
 * The key of a limit's counter: its name and what it counts. @fastify/rate-limit keys its
 * counters by the key alone, so two limits keyed by the client address would share a counter
 * unless their keys are told apart.
 */
export const limitKey = (name: string, value: string) => `${name}:${value}`;

export interface LimitSetting {
  /** Names the counter; limits with different names never share one. */
  name: string;
  /** Requests per window; 0 turns the limit off. */
  max: number;
  windowS: number;
  /** What is counted: the client address by default. */
  key?: (request: FastifyRequest) => string | Promise<string>;
  /** What a refusal by `limitChecks` says is too many: `attempts` by default. */
  what?: string;
  /**
   * The requests per window of one counter, when they differ by what is counted (a mock URL's
   * owner gets more than an address); 0 leaves that counter unlimited. `max` by default.
   */
  maxOf?: (counted: string) => number;
  /** The words of a refusal; by default the limit, its window and when to try again. */
  refusal?: (refused: Refusal) => string;
}

/** What a refusal's words say: the limit of the counter refused, its window, its wait. */
export interface Refusal {
  max: number;
  windowS: number;
  retryS: number;
  /** What was counted (the setting's `key`). */
  counted: string;
}

/**
 * A window in words: `1 minute`, `5 minutes`, `1 hour`, `90 seconds`. A refusal names the
 * window of the limit, never the time left in it (which @fastify/rate-limit's `after` is).
 */
export function windowText(seconds: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

const DAY_S = 24 * 60 * 60;

/** The signed-in user, else the client address (a scope where the session is known). */
const byUser = (request: FastifyRequest) => request.user?.id ?? `ip:${request.ip}`;

/** The service's budgets, named as the routes use them. */
export function limitSettings(config: Config) {
  return {
    /** Public mock URLs, per client (the spec: 500 per 5 minutes). */
    mock: { name: 'mock', max: config.MOCK_RATE_LIMIT, windowS: config.MOCK_RATE_WINDOW_S },
    /** Preview (Generate, Download), per client and minute, counted before the body is read. */
    preview: { name: 'preview', max: config.PREVIEW_RATE_LIMIT, windowS: 60 },
    /** Anonymous creation, per client: a window and a day, so one script cannot fill the database. */
    anonymousCreate: {
      name: 'anonymous-create',
      max: config.CREATE_RATE_LIMIT,
      windowS: config.CREATE_RATE_WINDOW_S,
    },
    anonymousCreateDaily: {
      name: 'anonymous-create-day',
      max: config.CREATE_DAILY_LIMIT,
      windowS: DAY_S,
    },
    /** OpenAPI uploads per client and minute (the import counts them by what they cost). */
    openapiUpload: { name: 'openapi-upload', max: config.OPENAPI_RATE_LIMIT, windowS: 60 },
    /** Gallery reports per signed-in user and hour. */
    report: { name: 'gallery-report', max: config.REPORT_RATE_LIMIT, windowS: 3600, key: byUser },
    /** Saves of a project's routes per signed-in user and minute (a save compiles its rules). */
    routeSave: {
      name: 'route-save',
      max: config.ROUTE_SAVE_RATE_LIMIT,
      windowS: 60,
      key: byUser,
      what: 'route saves',
    },
    /**
     * Pushes and uploads of a project's files per signed-in user and minute: each reads up to
     * 8 MB of files in the worker and rewrites a project; the OpenAPI uploads' budget.
     */
    filesPush: {
      name: 'files-push',
      max: config.OPENAPI_RATE_LIMIT,
      windowS: 60,
      key: byUser,
      what: 'pushes of files',
    },
    /** An account call (registration, reset mails, verification) per client. */
    accountClient: (route: string): LimitSetting => ({
      name: `${route}-client`,
      max: config.AUTH_RATE_LIMIT,
      windowS: config.AUTH_RATE_WINDOW_S,
    }),
    /** An account call about one address, from anywhere: what one address receives is bounded. */
    accountAddress: (route: string, key: (request: FastifyRequest) => string): LimitSetting => ({
      name: `${route}-address`,
      max: config.AUTH_ADDRESS_RATE_LIMIT,
      windowS: config.AUTH_RATE_WINDOW_S,
      key,
    }),
  } satisfies Record<string, LimitSetting | ((...args: never[]) => LimitSetting)>;
}

/**
 * The rate-limit plugin's hooks for these budgets (none for a budget that is off), for a route's
 * `onRequest` (before the body is read) or `preHandler`. A refusal is the plugin's 429 with
 * Retry-After and RateLimit-* headers.
 */
export function limitHooks(
  app: FastifyInstance,
  ...settings: readonly LimitSetting[]
): onRequestHookHandler[] {
  return settings
    .filter((setting) => setting.max > 0)
    .map((setting) => app.rateLimit(pluginOptions(setting)));
}

/**
 * Checks to call in a handler or hook, each throwing 429 past its budget (several can guard one
 * route: per client and per address). None for a budget that is off.
 */
export function limitChecks(
  app: FastifyInstance,
  ...settings: readonly LimitSetting[]
): ((request: FastifyRequest) => Promise<void>)[] {
  return settings.flatMap((setting) => {
    const check = limitCounter(app, setting);
    if (!check) return [];
    const { max, windowS, what = 'attempts' } = setting;
    const window = windowS === 60 ? 'minute' : windowText(windowS);
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      throw tooManyRequests(
        `Too many ${what}: at most ${max} per ${window}. Try again in ${seconds} seconds`,
        seconds,
      );
    };
  });
}

/** What a counter says of a request it counted: the plugin's own result. */
export type LimitCounter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A bare counter of a budget (null when it is off), for a route that counts in its own way (by
 * cost, or by the APIs a call creates) and words its own refusal.
 */
export function limitCounter(app: FastifyInstance, setting: LimitSetting): LimitCounter | null {
  return setting.max > 0 ? app.createRateLimit(pluginOptions(setting)) : null;
}

/**
 * The plugin's options of a budget, with a counter of its own (the plugin keys by this key
 * alone), its limit per counter, and its refusal's words.
 */
function pluginOptions({
  name,
  max,
  windowS,
  key = (request) => request.ip,
  maxOf,
  refusal = ({ max, windowS, retryS }) =>
    `Rate limit exceeded: at most ${max} requests per ${windowText(windowS)}. Try again in ${retryS} seconds`,
}: LimitSetting): RateLimitPluginOptions {
  const prefix = `${name}:`;
  const countedOf = (limitKeyed: string) => limitKeyed.slice(prefix.length);
  // What each request was counted as, for its refusal's words (the plugin does not pass it on).
  const counted = new WeakMap<FastifyRequest, string>();
  return {
    max: maxOf ? (_request, keyed) => maxOf(countedOf(keyed)) : max,
    timeWindow: windowS * 1000,
    // Synchronous unless the key is (an owner's API key being looked up): no promise per call.
    keyGenerator: (request) => {
      const keyed = (value: string) => {
        counted.set(request, value);
        return limitKey(name, value);
      };
      const value = key(request);
      return value instanceof Promise ? value.then(keyed) : keyed(value);
    },
    // A counter whose limit is 0 is not counted at all.
    ...(maxOf && { allowList: (_request, keyed) => maxOf(countedOf(keyed)) === 0 }),
    errorResponseBuilder: (request, context) => ({
      statusCode: context.statusCode,
      code: ErrorCode.RATE_LIMITED,
      message: refusal({
        max: context.max,
        windowS,
        retryS: Math.ceil(context.ttl / 1000),
        counted: counted.get(request) ?? '',
      }),
    }),
  };
}

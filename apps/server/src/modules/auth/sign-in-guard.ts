/**
 * The budgets of password sign-ins, counting failures only: per client, per client and address,
 * and per account from anywhere. An account past its budget refuses further guesses except from
 * a device its owner signed in from before (a signed device cookie, set at each successful
 * sign-in) or a browser that opened the unlock link mailed to the owner. See docs/decisions.md,
 * "Sign-in budgets: failures only, an account's spent budget opened by a device cookie".
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@mocksmith/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type AttemptCounter, createAttemptCounter } from '../../lib/attempt-counter.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { databaseIdentity } from '../../lib/redis.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a device stays known after its last successful sign-in. */
export const DEVICE_DAYS = 180;
/** The most accounts one browser's device cookie remembers. */
const DEVICE_TOKENS_MAX = 5;

export interface SignInGuardOptions {
  counter: AttemptCounter;
  /** Signs the device cookies (the session secret). */
  secret: string;
  /** Behind HTTPS: the cookie is `__Secure-` and Secure. */
  secureCookies: boolean;
  windowS: number;
  /** Failures per window per client, per client + address, per account; 0 turns one off. */
  clientMax: number;
  addressMax: number;
  accountMax: number;
}

/** A counted attempt: kept when the password was wrong, taken back otherwise. */
export interface SignInAttempt {
  /** The password was right (or the call failed for another reason): the attempt is not a failure. */
  notAFailure(): Promise<void>;
}

/** The refusal of a spent account budget, and whether it is the first of its window. */
export class AccountBudgetSpent extends AppError {
  constructor(
    readonly email: string,
    retryAfterS: number,
  ) {
    super(
      ErrorCode.RATE_LIMITED,
      `Too many failed sign-ins for this account. If it is yours, sign in from a device you used before, or open the link we have mailed you to sign in from this browser. Otherwise try again in ${Math.ceil(retryAfterS / 60)} minutes.`,
      { headers: { 'Retry-After': String(retryAfterS) } },
    );
  }
}

export function createSignInGuard({
  counter,
  secret,
  secureCookies,
  windowS,
  clientMax,
  addressMax,
  accountMax,
}: SignInGuardOptions) {
  const cookieName = `${secureCookies ? '__Secure-' : ''}mocksmith.device`;
  const minutes = Math.round(windowS / 60);

  const mac = (email: string, day: number) =>
    createHmac('sha256', secret).update(`mocksmith-device|${email}|${day}`).digest('base64url');

  /** The device tokens the request's cookie carries (unverified). */
  function tokensOf(cookieHeader: string | null): string[] {
    if (!cookieHeader) return [];
    for (const part of cookieHeader.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === cookieName) {
        return rest
          .join('=')
          .split('.')
          .filter((token) => /^\d{1,6}~[\w-]{43}$/.test(token))
          .slice(0, DEVICE_TOKENS_MAX);
      }
    }
    return [];
  }

  function tokenFits(token: string, email: string, today: number): boolean {
    const [dayText, given] = token.split('~') as [string, string];
    const day = Number(dayText);
    if (day > today || today - day > DEVICE_DAYS) return false;
    const expected = Buffer.from(mac(email, day));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  const today = () => Math.floor(Date.now() / DAY_MS);

  const tooMany = (max: number, ttlS: number) =>
    tooManyRequests(
      `Too many failed sign-ins: at most ${max} per ${minutes} minutes. Try again in ${ttlS} seconds`,
      ttlS,
    );

  return {
    /** Whether the request comes from a device that signed in to this account before. */
    knownDevice(cookieHeader: string | null, email: string): boolean {
      const day = today();
      return tokensOf(cookieHeader).some((token) => tokenFits(token, email, day));
    },

    /**
     * The Set-Cookie of the device cookie with this account's token renewed, the others the
     * browser holds kept (the newest five accounts).
     */
    deviceCookie(cookieHeader: string | null, email: string): string {
      const day = today();
      const others = tokensOf(cookieHeader).filter((token) => !tokenFits(token, email, day));
      const value = [`${day}~${mac(email, day)}`, ...others].slice(0, DEVICE_TOKENS_MAX).join('.');
      return `${cookieName}=${value}; Path=/backend/user; Max-Age=${DEVICE_DAYS * 24 * 60 * 60}; HttpOnly; SameSite=Strict${secureCookies ? '; Secure' : ''}`;
    },

    /**
     * Counts a sign-in before its password is checked, so that guesses sent at once are
     * counted at once. Throws 429 when a budget is spent (`AccountBudgetSpent` for the
     * account's, which a known device passes); the attempt is then not counted.
     */
    async begin({
      client,
      email,
      knownDevice,
    }: {
      client: string;
      email: string;
      knownDevice: boolean;
    }): Promise<SignInAttempt> {
      const limits = [
        { key: `client:${client}`, max: clientMax, account: false },
        { key: `client-address:${client}|${email}`, max: addressMax, account: false },
        { key: `account:${email}`, max: knownDevice ? 0 : accountMax, account: true },
      ].filter((limit) => limit.max > 0);
      const keys = limits.map((limit) => limit.key);
      const counts = await counter.add(keys);
      const spent = limits.findIndex((limit, i) => counts[i]!.count > limit.max);
      if (spent >= 0) {
        await counter.takeBack(keys);
        const limit = limits[spent]!;
        const { ttlS } = counts[spent]!;
        throw limit.account ? new AccountBudgetSpent(email, ttlS) : tooMany(limit.max, ttlS);
      }
      return { notAFailure: () => counter.takeBack(keys) };
    },

    /** True once per window per account: whether to mail its owner the unlock link now. */
    async firstRefusal(email: string): Promise<boolean> {
      const [mailed] = await counter.add([`unlock-mail:${email}`]);
      return mailed?.count === 1;
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

/** The guard of a deployment: its limits, in Redis (shared by the nodes) when there is one. */
export function createSignInGuardFor({
  config,
  secret,
  redis,
  db,
  log,
}: {
  config: Config;
  secret: string;
  redis?: Redis;
  db: Database;
  log: FastifyBaseLogger;
}): SignInGuard {
  return createSignInGuard({
    counter: createAttemptCounter({
      windowS: config.AUTH_RATE_WINDOW_S,
      redis,
      // Deployments (and test databases) sharing a Redis never share counters.
      namespace: `mocksmith-signin-${databaseIdentity(db)}-`,
      onFallback: (fallingBack) =>
        fallingBack
          ? log.warn('Redis is unavailable: sign-in budgets count per node meanwhile')
          : log.info('Redis is back: sign-in budgets are shared again'),
    }),
    secret,
    secureCookies: config.publicOrigin.startsWith('https://'),
    windowS: config.AUTH_RATE_WINDOW_S,
    clientMax: config.AUTH_RATE_LIMIT,
    addressMax: config.AUTH_ADDRESS_RATE_LIMIT,
    accountMax: config.AUTH_ACCOUNT_FAILURE_LIMIT,
  });
}

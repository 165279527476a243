/**
 * The better-auth instance: accounts, password hashing, sessions, e-mail verification, password
 * reset, Google sign-in (as an OpenID provider at GOOGLE_ISSUER) and the admin plugin's bans.
 * Its HTTP handler is not mounted: the spec's /backend/user/* routes call its API directly, so
 * the only account endpoints are the spec's.
 */

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@mocksmith/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/auth.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import type { accountMails } from './auth.mails.ts';
import type { PasswordHashing } from './password-hashing.ts';

/** The provider id of Google sign-in, in the accounts table and the callback. */
export const GOOGLE_PROVIDER_ID = 'google';
/** Where the provider sends the browser back: the web's /auth page, which posts the code. */
export const GOOGLE_REDIRECT_PATH = '/auth';

const DAY_S = 24 * 60 * 60;

export interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  mails: ReturnType<typeof accountMails>;
  secret: string;
  log: FastifyBaseLogger;
  /** better-auth's scrypt, at most a few at once (see password-hashing.ts). */
  hashing: PasswordHashing;
}

export function createAuth({ config, db, mailer, mails, secret, log, hashing }: AuthDeps) {
  const origin = config.publicOrigin;
  const send = (mail: Mail) => mailer.send(mail);

  return betterAuth({
    appName: 'Mocksmith',
    secret,
    baseURL: origin,
    basePath: '/backend/auth',
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => log[level === 'debug' ? 'debug' : level]({ args }, message),
    },
    // The routes rate-limit by client and by address, in Redis when scaled out.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
      usePlural: true,
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: hashing.password,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => send(mails.resetPassword(user, token)),
      // Registering a taken address answers as for a new one; the owner hears of it instead.
      onExistingUserSignUp: ({ user }) => send(mails.alreadyRegistered(user)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // A login refused for an unverified address sends a fresh link.
      sendOnSignIn: true,
      expiresIn: DAY_S,
      sendVerificationEmail: ({ user, token }) => send(mails.verifyEmail(user, token)),
    },
    session: {
      // 'Remember me': 30 days, renewed daily while used; otherwise a browser-session cookie.
      expiresIn: 30 * DAY_S,
      updateAge: DAY_S,
    },
    account: { accountLinking: { enabled: true } },
    databaseHooks: {
      // Every way in makes a session (a password, Google): each is a sign-in of the account.
      session: {
        create: {
          after: async (session) => {
            await db
              .update(users)
              .set({ signIns: sql`${users.signIns} + 1` })
              .where(eq(users.id, session.userId));
          },
        },
      },
    },
    advanced: {
      cookiePrefix: 'mocksmith',
      useSecureCookies: origin.startsWith('https://'),
      // Client addresses come from Fastify (which honours TRUST_PROXY), not from raw headers.
      ipAddress: { disableIpTracking: true },
    },
    plugins: [
      admin({ bannedUserMessage: 'banned' }),
      ...(config.googleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  discoveryUrl: new URL(
                    '.well-known/openid-configuration',
                    config.GOOGLE_ISSUER.endsWith('/')
                      ? config.GOOGLE_ISSUER
                      : `${config.GOOGLE_ISSUER}/`,
                  ).toString(),
                  clientId: config.GOOGLE_CLIENT_ID ?? '',
                  clientSecret: config.GOOGLE_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  accessType: 'offline',
                  responseType: 'code',
                  redirectURI: `${origin}${GOOGLE_REDIRECT_PATH}`,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { setImmediate as afterAnswer, setTimeout as sleep } from 'node:timers/promises';
import {
  authMessages,
  type ChangePasswordInput,
  ErrorCode,
  type GoogleCallbackInput,
  type LoginInput,
  type RegisterInput,
  type SessionUser,
} from '@mocksmith/core';
import { APIError } from 'better-auth/api';
import type { Background } from '../../lib/background.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AuthUser, WithCookies } from '../../plugins/session.ts';
import type { accountMails } from './auth.mails.ts';
import { type AuthRepository, CREDENTIAL_PROVIDER_ID } from './auth.repository.ts';
import { type Auth, GOOGLE_PROVIDER_ID } from './auth.ts';
import type { PasswordHashing } from './password-hashing.ts';
import { AccountBudgetSpent, type SignInGuard } from './sign-in-guard.ts';

/** How long a mailed unlock link works. */
const UNLOCK_LIFETIME_S = 60 * 60;
/**
 * The main forgot screen answers no sooner than this after the request began: its lookup (needed
 * for the spec's 400 to a Google account) finds a row for an owner and none for a stranger, a
 * difference a busy machine stretches to a millisecond; every answer waits to the same floor.
 */
const RESET_ANSWER_FLOOR_MS = 25;
export const UNLOCK_LINK_INVALID =
  'This sign-in link is invalid, spent or expired. Sign in from a device you used before, or try again later.';

export const unauthenticated = () =>
  new AppError(ErrorCode.UNAUTHENTICATED, authMessages.unauthenticated);
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN, authMessages.forbidden);
/** A banned account's login. */
export const bannedError = () => new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.banned);
/** A banned account's session on a guarded call (the ban keeps sessions, so it says why). */
export const suspendedError = () => new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.suspended);

/** Whether better-auth's role field (comma-separated roles) names the admin role. */
export const isAdminRole = (role: string | null | undefined): boolean =>
  (role ?? '').split(',').some((name) => name.trim() === 'admin');
const googleFailed = () => new AppError(ErrorCode.GOOGLE_AUTH_FAILED, authMessages.googleFailed);

/** better-auth's error code of a failed call, if it is one of its errors. */
function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code as string | undefined) : undefined;
}

/** The payload of a JWT (not verified: better-auth verifies it), or null. */
function jwtPayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    return part ? (JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as never) : null;
  } catch {
    return null;
  }
}

export interface AuthServiceDeps {
  auth: Auth;
  repository: AuthRepository;
  mailer: Mailer;
  mails: ReturnType<typeof accountMails>;
  /** Runs work after the answer (the reset token of an address that may not exist). */
  background: Background;
  /** Drops a deleted API from every node's cache. */
  invalidate(requestId: string): Promise<void>;
  /** The sign-in budgets (failures per client, per client + address, per account). */
  guard: SignInGuard;
  /** Bounds the password hashes running at once; the account calls take a slot first. */
  hashing: PasswordHashing;
}

export function createAuthService({
  auth,
  repository,
  mailer,
  mails,
  background,
  invalidate,
  guard,
  hashing,
}: AuthServiceDeps) {
  const api = auth.api;

  function toSessionUser(
    user: {
      id: string;
      email: string;
      name: string;
      banned?: boolean | null;
      role?: string | null;
    },
    { hasPassword, firstSignIn }: { hasPassword: boolean; firstSignIn: boolean },
  ): SessionUser {
    return {
      userId: user.id,
      email: user.email,
      username: user.name,
      isGoogle: !hasPassword,
      isBanned: user.banned === true,
      isAdmin: isAdminRole(user.role),
      firstSignIn,
    };
  }

  /** Ends the session the request presents, if any, so a new sign-in never reuses an id. */
  async function endPresentedSession(headers: Headers): Promise<void> {
    if (!headers.get('cookie')) return;
    await api.signOut({ headers }).catch(() => {});
  }

  /** The request's signed-in user and any refreshed session cookie, or null. */
  async function currentSession(headers: Headers) {
    if (!headers.get('cookie')) return null;
    const { headers: out, response } = await api.getSession({ headers, returnHeaders: true });
    if (!response) return null;
    return { user: response.user, cookies: out.getSetCookie() };
  }

  /** Expired copies of the session cookies, for answers that end the session. */
  async function clearedCookies(): Promise<string[]> {
    const { authCookies } = await auth.$context;
    const secure = authCookies.sessionToken.attributes.secure ? '; Secure' : '';
    return [authCookies.sessionToken, authCookies.dontRememberToken].map(
      (cookie) => `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    );
  }

  const isGoogleOnly = (providers: string[]) =>
    !providers.includes(CREDENTIAL_PROVIDER_ID) && providers.includes(GOOGLE_PROVIDER_ID);

  /**
   * The work of a reset request after its answer: a Google account's notice (the alternate
   * screen), or a new link, the older links of the account ended first so that only the newest
   * works.
   */
  async function sendReset(email: string, googleAnswer: 'error' | 'mail'): Promise<void> {
    const found = await repository.findByEmail(email);
    if (!found) return;
    if (isGoogleOnly(found.providers)) {
      if (googleAnswer === 'mail') await mailer.send(mails.googleAccountReset(found.user));
      return;
    }
    await repository.deleteResetTokens(found.user.id);
    await api.requestPasswordReset({ body: { email } });
  }

  /** Mails the owner of an address whose sign-in budget is spent a link to get in (if any). */
  async function mailUnlockLink(email: string): Promise<void> {
    const found = await repository.findByEmail(email);
    if (!found?.providers.includes(CREDENTIAL_PROVIDER_ID)) return;
    const token = await repository.createUnlockToken(email, UNLOCK_LIFETIME_S);
    await mailer.send(mails.unlockSignIn(found.user, token));
  }

  return {
    /**
     * The signed-in user of a request (401 without a valid session, 403 with the suspended
     * text when banned: a ban keeps the sessions, so their next call says why), with the
     * cookies of a renewed session.
     */
    async requireUser(headers: Headers): Promise<WithCookies<AuthUser>> {
      const session = await currentSession(headers);
      if (!session) throw unauthenticated();
      if (session.user.banned) throw suspendedError();
      const { id, email, name, role } = session.user;
      return {
        body: { id, email, name, isAdmin: isAdminRole(role) },
        cookies: session.cookies,
      };
    },

    /** `GET /backend/user/me`. */
    async me(headers: Headers): Promise<WithCookies<SessionUser>> {
      const session = await currentSession(headers);
      if (!session) throw unauthenticated();
      if (session.user.banned) throw suspendedError();
      const facts = await repository.signInFacts(session.user.id);
      return { body: toSessionUser(session.user, facts), cookies: session.cookies };
    },

    /**
     * Creates an account and mails the verification link. A taken address answers the same
     * and mails its owner instead, so the answer never tells whether an address is registered.
     */
    async register(input: RegisterInput, headers: Headers): Promise<void> {
      // The slot before the call: better-auth hashes inside its transaction, which must not
      // hold a connection while waiting for a slot.
      await hashing.withSlot(() =>
        api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.username },
          headers,
        }),
      );
    },

    /**
     * Signs in with e-mail and password from `client` (its address). Throws 401 for a wrong
     * address or password, 403 for an unverified address (and mails a fresh link) or a banned
     * account, 429 past a budget of failures (the account's is passed by a device that signed
     * in before; its first refusal mails the owner an unlock link). Only wrong passwords count.
     */
    async login(
      input: LoginInput,
      headers: Headers,
      client: string,
    ): Promise<WithCookies<SessionUser>> {
      const email = input.email.trim().toLowerCase();
      const cookieHeader = headers.get('cookie');
      const knownDevice = guard.knownDevice(cookieHeader, email);
      let attempt: Awaited<ReturnType<SignInGuard['begin']>>;
      try {
        attempt = await guard.begin({ client, email, knownDevice });
      } catch (error) {
        if (error instanceof AccountBudgetSpent && (await guard.firstRefusal(email))) {
          background.run('unlock mail', () => mailUnlockLink(email));
        }
        throw error;
      }
      let wrongPassword = false;
      try {
        await endPresentedSession(headers);
        const { headers: out, response } = await hashing.withSlot(() =>
          api.signInEmail({
            body: { email, password: input.password, rememberMe: input.rememberMe },
            headers: new Headers({ 'user-agent': headers.get('user-agent') ?? '' }),
            returnHeaders: true,
          }),
        );
        return {
          body: toSessionUser(response.user, await repository.signInFacts(response.user.id)),
          cookies: [...out.getSetCookie(), guard.deviceCookie(cookieHeader, email)],
        };
      } catch (error) {
        switch (authErrorCode(error)) {
          case 'INVALID_EMAIL_OR_PASSWORD':
          case 'INVALID_EMAIL':
            wrongPassword = true;
            throw new AppError(ErrorCode.INVALID_CREDENTIALS, authMessages.invalidCredentials);
          case 'EMAIL_NOT_VERIFIED':
            throw new AppError(ErrorCode.EMAIL_NOT_VERIFIED, authMessages.emailNotVerified);
          case 'BANNED_USER':
            throw bannedError();
          default:
            throw error;
        }
      } finally {
        if (!wrongPassword) await attempt.notAFailure();
      }
    },

    /**
     * Spends a mailed unlock link and answers the device cookie of its account, so that this
     * browser signs in past the account's spent budget. Throws 400 for a bad, spent or expired
     * link.
     */
    async unlockSignIn(token: string, headers: Headers): Promise<string[]> {
      const email = await repository.consumeUnlockToken(token);
      if (email === null) {
        throw new AppError(ErrorCode.INVALID_TOKEN, UNLOCK_LINK_INVALID);
      }
      return [guard.deviceCookie(headers.get('cookie'), email)];
    },

    /** Ends the request's session on the server and clears its cookies. */
    async logout(headers: Headers): Promise<string[]> {
      await endPresentedSession(headers);
      return clearedCookies();
    },

    /**
     * Confirms an e-mail address from the mailed token. A token works once: after the address
     * is confirmed every link for it is spent. Throws 400 for a bad, expired or spent token.
     */
    async verifyEmail(token: string): Promise<void> {
      const invalid = new AppError(ErrorCode.INVALID_TOKEN, authMessages.verificationFailed);
      const email = jwtPayload(token)?.email;
      if (typeof email !== 'string') throw invalid;
      const found = await repository.findByEmail(email);
      if (!found || found.user.emailVerified) throw invalid;
      try {
        await api.verifyEmail({ query: { token } });
      } catch (error) {
        if (error instanceof APIError) throw invalid;
        throw error;
      }
    },

    /**
     * Mails a reset link. The answer is the same whether or not the address exists, except for
     * a Google account on the main forgot screen, which gets the spec's 400 naming Google
     * Sign-In (`googleAnswer: 'error'`); the alternate screen mails the owner instead.
     */
    async requestPasswordReset(email: string, googleAnswer: 'error' | 'mail'): Promise<void> {
      if (googleAnswer === 'mail') {
        // Nothing to tell the caller: the whole work (lookup included) is done after the answer.
        background.run('password reset', async () => {
          await afterAnswer();
          await sendReset(email, 'mail');
        });
        return;
      }
      // The spec's 400 for a Google account needs the lookup first: one query answering one
      // array for any address; what follows for an owner (a token, a mail) is done after the
      // answer.
      const started = performance.now();
      const googleOnly = isGoogleOnly(await repository.providersByEmail(email));
      await sleep(Math.max(0, RESET_ANSWER_FLOOR_MS - (performance.now() - started)));
      if (googleOnly) {
        throw new AppError(ErrorCode.GOOGLE_ACCOUNT, authMessages.googleAccountNoPassword);
      }
      background.run('password reset', async () => {
        await afterAnswer();
        await sendReset(email, 'error');
      });
    },

    /**
     * Sets a new password from a mailed token (once), ends every session of the user and every
     * other reset link of theirs.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      try {
        const userId = await repository.resetTokenOwner(token);
        await hashing.withSlot(() => api.resetPassword({ body: { token, newPassword: password } }));
        if (userId) await repository.deleteResetTokens(userId);
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_TOKEN' || authErrorCode(error) === 'USER_NOT_FOUND') {
          throw new AppError(ErrorCode.INVALID_TOKEN, authMessages.resetTokenInvalid);
        }
        throw error;
      }
    },

    /**
     * Changes the signed-in user's password after checking the current one, and ends their other
     * sessions. `userId`, when given, must be their own (403); Google accounts have none (400).
     */
    async changePassword(
      user: AuthUser,
      input: ChangePasswordInput,
      headers: Headers,
    ): Promise<WithCookies<void>> {
      if (input.userId !== undefined && input.userId !== user.id) throw forbidden();
      if (!(await repository.hasPassword(user.id))) {
        throw new AppError(ErrorCode.GOOGLE_ACCOUNT, authMessages.googleManaged);
      }
      try {
        const { headers: out } = await hashing.withSlot(() =>
          api.changePassword({
            body: {
              currentPassword: input.currentPassword,
              newPassword: input.newPassword,
              revokeOtherSessions: true,
            },
            headers,
            returnHeaders: true,
          }),
        );
        // A reset link mailed before the change must not undo it.
        await repository.deleteResetTokens(user.id);
        return { body: undefined, cookies: out.getSetCookie() };
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_PASSWORD') {
          throw new AppError(ErrorCode.INVALID_PASSWORD, authMessages.currentPasswordWrong);
        }
        throw error;
      }
    },

    /**
     * Deletes the signed-in user's account and everything in it in one transaction; their
     * public mock URLs answer 404 at once. `userId` must be their own (403).
     */
    async deleteAccount(user: AuthUser, userId: string): Promise<string[]> {
      if (userId !== user.id) throw forbidden();
      const requestIds = await repository.deleteUser(user.id);
      if (requestIds === null) throw unauthenticated();
      await Promise.all(requestIds.map((requestId) => invalidate(requestId)));
      return clearedCookies();
    },

    /** The provider's authorisation URL and the state cookie that ties its answer to us. */
    async startGoogle(headers: Headers): Promise<WithCookies<string>> {
      const { headers: out, response } = await api.signInSocial({
        body: {
          provider: GOOGLE_PROVIDER_ID,
          callbackURL: '/dashboard',
          errorCallbackURL: '/auth',
          disableRedirect: true,
        },
        headers,
        returnHeaders: true,
      });
      if (!response.url) throw googleFailed();
      return { body: response.url, cookies: out.getSetCookie() };
    },

    /**
     * Finishes Google sign-in with the code the provider gave the browser: better-auth checks
     * the state, exchanges the code, creates or links the account and opens a session.
     */
    async finishGoogle(
      input: GoogleCallbackInput,
      headers: Headers,
    ): Promise<WithCookies<SessionUser>> {
      const stateCookies = headers.get('cookie') ?? '';
      await endPresentedSession(headers);
      const response = (await api.callbackOAuth({
        params: { id: GOOGLE_PROVIDER_ID },
        query: { code: input.code, state: input.state, iss: input.iss },
        headers: new Headers({ cookie: stateCookies }),
        asResponse: true,
      })) as Response;
      const location = new URL(
        response.headers.get('location') ?? '/auth?error=unknown',
        'http://x',
      );
      const error = location.searchParams.get('error');
      if (error === 'BANNED_USER') throw bannedError();
      const cookies = response.headers.getSetCookie();
      if (error || cookies.length === 0) throw googleFailed();
      const session = await currentSession(
        new Headers({ cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') }),
      );
      if (!session) throw googleFailed();
      const facts = await repository.signInFacts(session.user.id);
      return { body: toSessionUser(session.user, facts), cookies };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

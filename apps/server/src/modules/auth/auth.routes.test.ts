/**
 * The account calls end to end over HTTP, with a real SMTP server receiving the mails and the
 * tests following the links in them.
 */
import { authMessages, MIN_PASSWORD_LENGTH } from '@mocksmith/core';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps, cookieOf, PASSWORD, setCookie } from '../../../test/accounts.ts';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { linkIn, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apis } from '../../db/schema/apis.ts';
import { sessions, users, verifications } from '../../db/schema/auth.ts';
import { history } from '../../db/schema/history.ts';
import { createAuthRepository } from './auth.repository.ts';

const SECRET = 'a-test-session-secret-of-at-least-32-characters';

let t: TestApp;
let sink: SmtpSink;
let steps: ReturnType<typeof accountSteps>;
let counter = 0;
/** A fresh address per test, so tests never see each other's mails or accounts. */
const address = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, SESSION_SECRET: SECRET });
  steps = accountSteps(t.app, sink);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload: payload as never, headers });

describe('registration and e-mail verification', () => {
  it('mails a link that confirms the address; login is refused until then', async () => {
    const email = address('new');
    const res = await steps.register(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration successful! Please check your email.' });

    const mail = await sink.waitForMail(email, /Confirm your e-mail/);
    expect(linkIn(mail, '/verify-email/').origin).toBe('http://mocksmith.test');

    const early = await steps.login(email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: authMessages.emailNotVerified,
    });
    expect(early.headers['set-cookie']).toBeUndefined();
    // The refused login sent a fresh link, as its message says.
    await sink.waitForMail(email, /Confirm your e-mail/, 1);

    const verified = await steps.followVerificationMail(email);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: authMessages.verified });

    const login = await steps.login(email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      userId: expect.any(String),
      email,
      username: 'Ann Example',
      isGoogle: false,
      isBanned: false,
      isAdmin: false,
      firstSignIn: true,
    });
  });

  it('lets a verification link work once, and every link of the address is spent after', async () => {
    const email = address('once');
    await steps.register(email);
    await steps.login(email); // a second link
    expect((await steps.followVerificationMail(email, 0)).statusCode).toBe(200);
    for (const index of [0, 1]) {
      const again = await steps.followVerificationMail(email, index);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'INVALID_TOKEN',
        message: 'Verification failed: The verification link appears to be invalid or has expired.',
      });
    }
  });

  it('gives verification links 24 hours and refuses an expired or forged one', async () => {
    const email = address('expiry');
    await steps.register(email);
    const mail = await sink.waitForMail(email, /Confirm your e-mail/);
    const token = linkIn(mail, '/verify-email/').pathname.split('/').pop()!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60);

    const expired = await createEmailVerificationToken(SECRET, email, undefined, -60);
    const forged = await createEmailVerificationToken(
      'another-secret-of-32-characters-long',
      email,
    );
    for (const bad of [expired, forged, 'not-a-token']) {
      const res = await inject('GET', `/backend/user/verify/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(authMessages.verificationFailed);
    }
    // Still unverified.
    expect((await steps.login(email)).statusCode).toBe(403);
  });

  it('names the problem of a bad registration', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: address('x'), password: PASSWORD }, 'username: username is required'],
      [
        { email: address('x'), password: PASSWORD, username: '  ' },
        'username: username is required',
      ],
      [
        { email: 'not-an-address', password: PASSWORD, username: 'A' },
        'email: email must be a valid e-mail address',
      ],
      [
        { email: address('x'), password: 'short', username: 'A' },
        `password: Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      ],
      [{ password: PASSWORD, username: 'A' }, 'email: email is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await inject('POST', '/backend/user/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('answers a taken address as a new one and mails its owner instead', async () => {
    const email = address('taken');
    await steps.signUp(email);
    const before = sink.mailsTo(email).length;

    const again = await steps.register(email.toUpperCase(), 'another-password', 'Mallory');
    const fresh = await steps.register(address('fresh'));
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());

    const notice = await sink.waitForMail(email, /already have a Mocksmith account/);
    expect(notice.text).toContain('No new account was made');
    expect(sink.mailsTo(email).length).toBe(before + 1);
    // The owner's password still works and the intruder's does not.
    expect((await steps.login(email)).statusCode).toBe(200);
    expect((await steps.login(email, 'another-password')).statusCode).toBe(401);
  });
});

describe('login, session and logout', () => {
  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const email = address('login');
    await steps.signUp(email);
    const wrong = await steps.login(email, 'wrong-password');
    const unknown = await steps.login(address('nobody'), 'wrong-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: authMessages.invalidCredentials,
      });
    }
  });

  it('sets an httpOnly, SameSite=Lax cookie: long-lived with Remember me, per browser session without', async () => {
    const email = address('cookie');
    await steps.signUp(email);
    const remembered = setCookie(await steps.login(email), 'session_token')!;
    expect(remembered).toMatch(/^mocksmith\.session_token=/);
    expect(remembered).toMatch(/HttpOnly/);
    expect(remembered).toMatch(/SameSite=Lax/);
    expect(remembered).toMatch(/Path=\//);
    expect(remembered).toMatch(/Max-Age=2592000/);
    expect(remembered).not.toMatch(/Secure/);

    const forgotten = setCookie(
      await steps.login(email, PASSWORD, { rememberMe: false }),
      'session_token',
    )!;
    expect(forgotten).toMatch(/HttpOnly/);
    expect(forgotten).toMatch(/SameSite=Lax/);
    expect(forgotten).not.toMatch(/Max-Age|Expires/);
  });

  it('tells who is signed in, and ends the session on the server at logout', async () => {
    const email = address('me');
    const { cookie, user } = await steps.signUp(email);
    const me = await steps.me(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: user.userId, email, isGoogle: false });
    expect(me.headers['cache-control']).toBe('no-store');

    const logout = await inject('POST', '/backend/user/logout', undefined, { cookie });
    expect(logout.statusCode).toBe(200);
    expect(setCookie(logout, 'session_token')).toMatch(/Max-Age=0/);
    // The old cookie is worth nothing now, even if a browser kept it.
    expect((await steps.me(cookie)).statusCode).toBe(401);
    expect((await steps.me('')).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('says the first sign-in is the first for as long as its session lasts, and no later one', async () => {
    const email = address('first');
    const { cookie, user } = await steps.signUp(email);
    expect(user).toMatchObject({ firstSignIn: true });
    // Verifying the address and a refused password made no session: they are no sign-in.
    expect((await steps.login(email, 'a-wrong-password')).statusCode).toBe(401);
    expect((await steps.me(cookie)).json()).toMatchObject({ firstSignIn: true });

    const second = await steps.login(email);
    expect(second.json()).toMatchObject({ userId: user.userId, firstSignIn: false });
    expect((await steps.me(cookieOf(second))).json()).toMatchObject({ firstSignIn: false });
    // The first session, still open, is no longer the only one.
    expect((await steps.me(cookie)).json()).toMatchObject({ firstSignIn: false });
  });

  it('never keeps a session id from before the login (session fixation)', async () => {
    const email = address('fixation');
    const { cookie: first } = await steps.signUp(email);
    const planted = 'mocksmith.session_token=planted-by-an-attacker';

    const withPlanted = await t.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { email, password: PASSWORD },
      headers: { cookie: planted },
    });
    expect(cookieOf(withPlanted)).not.toContain('planted-by-an-attacker');

    const again = await t.app.inject({
      method: 'POST',
      url: '/backend/user/login',
      payload: { email, password: PASSWORD },
      headers: { cookie: first },
    });
    const second = cookieOf(again);
    expect(second).not.toBe(first);
    expect((await steps.me(first)).statusCode).toBe(401);
    expect((await steps.me(second)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the address exists, and mails a one-hour link only to an owner', async () => {
    const email = address('forgot');
    const { cookie } = await steps.signUp(email);
    const known = await inject('POST', '/backend/user/forgot-password', { email });
    const unknownEmail = address('unknown');
    const unknown = await inject('POST', '/backend/user/forgot-password', { email: unknownEmail });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message:
          'If an account exists with this email, you will receive password reset instructions.',
      });
    }
    const mail = await sink.waitForMail(email, /Reset your Mocksmith password/);
    expect(sink.mailsTo(unknownEmail)).toHaveLength(0);
    const token = linkIn(mail, '/reset-password/').pathname.split('/').pop()!;

    const [row] = await t.database.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);

    const reset = await inject('POST', '/api/user/reset-password', {
      token,
      password: 'a-brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password successfully reset.' });
    expect((await steps.login(email)).statusCode).toBe(401);
    expect((await steps.login(email, 'a-brand-new-password')).statusCode).toBe(200);
    // The sessions from before the reset have ended.
    expect((await steps.me(cookie)).statusCode).toBe(401);

    const reused = await inject('POST', '/api/user/reset-password', {
      token,
      password: 'yet-another-password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: authMessages.resetTokenInvalid,
    });
  });

  it('refuses an expired reset link and a too short password', async () => {
    const email = address('expired-reset');
    await steps.signUp(email);
    await inject('POST', '/backend/user/forgot-password', { email });
    const mail = await sink.waitForMail(email, /Reset your Mocksmith password/);
    const token = linkIn(mail, '/reset-password/').pathname.split('/').pop()!;

    const short = await inject('POST', '/api/user/reset-password', { token, password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(`password: ${authMessages.passwordTooShort}`);

    await t.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const expired = await inject('POST', '/api/user/reset-password', {
      token,
      password: 'a-brand-new-password',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_TOKEN');
    expect((await steps.login(email)).statusCode).toBe(200);
  });
});

describe('outstanding reset links', () => {
  const resetToken = async (email: string, index: number) =>
    linkIn(
      await sink.waitForMail(email, /Reset your Mocksmith password/, index),
      '/reset-password/',
    )
      .pathname.split('/')
      .pop()!;
  const reset = (token: string, password: string) =>
    inject('POST', '/api/user/reset-password', { token, password });

  it('ends an older link when a newer one is used', async () => {
    const email = address('two-links');
    await steps.signUp(email);
    await inject('POST', '/backend/user/forgot-password', { email });
    const older = await resetToken(email, 0);
    await inject('POST', '/api/user/request-password-reset', { email });
    const newer = await resetToken(email, 1);

    expect((await reset(newer, 'the-newer-password')).json()).toEqual({
      message: 'Password successfully reset.',
    });
    const replay = await reset(older, 'the-older-password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await steps.login(email, 'the-older-password')).statusCode).toBe(401);
    expect((await steps.login(email, 'the-newer-password')).statusCode).toBe(200);
  });

  it('ends the older link as soon as a newer one is requested', async () => {
    const email = address('newer-request');
    await steps.signUp(email);
    await inject('POST', '/backend/user/forgot-password', { email });
    const older = await resetToken(email, 0);
    await inject('POST', '/backend/user/forgot-password', { email });
    const newer = await resetToken(email, 1);
    expect((await reset(older, 'the-older-password')).statusCode).toBe(400);
    expect((await reset(newer, 'the-newer-password')).statusCode).toBe(200);
  });

  it('ends every link when the password is changed on the account page', async () => {
    const email = address('change-ends-links');
    const { cookie, user } = await steps.signUp(email);
    await inject('POST', '/backend/user/forgot-password', { email });
    const token = await resetToken(email, 0);
    const changed = await inject(
      'PUT',
      '/backend/user/password',
      { userId: user.userId, currentPassword: PASSWORD, newPassword: 'a-changed-password' },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect((await reset(token, 'a-stolen-link-password')).statusCode).toBe(400);
    expect((await steps.login(email, 'a-stolen-link-password')).statusCode).toBe(401);
    expect((await steps.login(email, 'a-changed-password')).statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('checks the current password, then changes it and ends the other sessions', async () => {
    const email = address('change');
    const { cookie, user } = await steps.signUp(email);
    const other = cookieOf(await steps.login(email));

    const wrong = await inject(
      'PUT',
      '/backend/user/password',
      { userId: user.userId, currentPassword: 'not-it', newPassword: 'a-new-password' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Current password is incorrect',
    });

    const ok = await inject(
      'PUT',
      '/backend/user/password',
      { userId: user.userId, currentPassword: PASSWORD, newPassword: 'a-new-password' },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password updated successfully' });
    expect((await steps.login(email, 'a-new-password')).statusCode).toBe(200);
    expect((await steps.login(email)).statusCode).toBe(401);
    expect((await steps.me(other)).statusCode).toBe(401);
    // The session that made the change carries on, under a new cookie.
    expect((await steps.me(cookieOf(ok))).statusCode).toBe(200);
  });

  it('refuses without a session and for another user', async () => {
    const email = address('change-guard');
    const { cookie } = await steps.signUp(email);
    const victim = await steps.signUp(address('victim'));
    const body = { currentPassword: PASSWORD, newPassword: 'a-new-password' };

    expect((await inject('PUT', '/backend/user/password', body)).statusCode).toBe(401);
    const other = await inject(
      'PUT',
      '/backend/user/password',
      { ...body, userId: victim.user.userId },
      { cookie },
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    // Nothing changed for either.
    expect((await steps.login(email)).statusCode).toBe(200);
  });
});

describe('delete account', () => {
  it('removes the user with their APIs, history and sessions; their URLs answer 404', async () => {
    const email = address('delete');
    const { cookie, user } = await steps.signUp(email);
    const api = await insertApi(t.database.db, { ownerId: user.userId });
    await t.database.db.insert(history).values({
      ownerId: user.userId,
      typeMessage: 'CREATE',
      message: 'Created',
      apiId: api.id,
    });
    // Called once, so the public endpoint has it cached.
    expect((await inject('GET', `/api/${api.requestId}`)).statusCode).toBe(200);

    const res = await inject('DELETE', `/backend/user/${user.userId}`, undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(setCookie(res, 'session_token')).toMatch(/Max-Age=0/);

    expect((await inject('GET', `/api/${api.requestId}`)).statusCode).toBe(404);
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(0);
    expect(await db.select().from(apis).where(eq(apis.ownerId, user.userId))).toHaveLength(0);
    expect(await db.select().from(history).where(eq(history.ownerId, user.userId))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(
      0,
    );
    expect((await steps.me(cookie)).statusCode).toBe(401);
    expect((await steps.login(email)).statusCode).toBe(401);
  });

  it("answers 403 for another user's id and changes nothing", async () => {
    const attacker = await steps.signUp(address('attacker'));
    const victim = await steps.signUp(address('target'));
    const api = await insertApi(t.database.db, { ownerId: victim.user.userId });

    const res = await inject('DELETE', `/backend/user/${victim.user.userId}`, undefined, {
      cookie: attacker.cookie,
    });
    expect(res.statusCode).toBe(403);
    expect((await steps.me(victim.cookie)).statusCode).toBe(200);
    expect((await inject('GET', `/api/${api.requestId}`)).statusCode).toBe(200);
    expect((await inject('DELETE', `/backend/user/${victim.user.userId}`)).statusCode).toBe(401);
  });
});

describe('banned users', () => {
  it('answers their live session with the suspended text, refuses their login with the banned text, and unban lets them back', async () => {
    const email = address('banned');
    const { cookie } = await steps.signUp(email);
    const repository = createAuthRepository(t.database.db);

    expect(await repository.setBanned(email, true)).toBe(true);
    // The ban keeps the session, so its next guarded call says why rather than 'expired'.
    const me = await steps.me(cookie);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'ACCOUNT_BANNED', message: authMessages.suspended });

    const login = await steps.login(email);
    expect(login.statusCode).toBe(403);
    expect(login.body).toContain('banned');
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_BANNED', message: authMessages.banned });
    expect(login.headers['set-cookie']).toBeUndefined();
    // A wrong password tells nothing about the ban.
    expect((await steps.login(email, 'wrong-password')).statusCode).toBe(401);

    expect(await repository.setBanned(email, false)).toBe(true);
    expect((await steps.login(email)).statusCode).toBe(200);
    expect(await repository.setBanned(address('nobody'), true)).toBe(false);
  });

  it('answers 403 on a guarded call of a session that outlived the ban', async () => {
    const email = address('banned-live');
    const { cookie } = await steps.signUp(email);
    // A ban written without ending the sessions (as another tool might) still locks them out.
    await t.database.db.update(users).set({ banned: true }).where(eq(users.email, email));
    const me = await steps.me(cookie);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'ACCOUNT_BANNED', message: authMessages.suspended });
  });
});

describe('the Origin check', () => {
  it('refuses state-changing calls from another site and lets same-origin and programs through', async () => {
    const email = address('origin');
    await steps.signUp(email);
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/user/login',
        payload: { email, password: PASSWORD },
        headers,
      });
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('ORIGIN_REJECTED');
    }
    expect((await login({ origin: 'http://mocksmith.test' })).statusCode).toBe(200);
    expect((await login({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
    // The public mock endpoints stay open to every site.
    const api = await insertApi(t.database.db, { method: 'POST' });
    const mock = await inject(
      'POST',
      `/backend/apitemplate/post/${api.requestId}`,
      {},
      {
        origin: 'https://evil.example',
      },
    );
    expect(mock.statusCode).toBe(200);
  });
});

describe('Google sign-in when it is not configured', () => {
  it('says so instead of failing', async () => {
    expect((await inject('GET', '/backend/auth/providers')).json()).toEqual({ google: false });
    for (const res of [
      await inject('GET', '/backend/auth/google'),
      await inject('POST', '/backend/auth/google/callback', { code: 'x' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'GOOGLE_NOT_CONFIGURED',
        message: authMessages.googleNotConfigured,
      });
    }
  });
});

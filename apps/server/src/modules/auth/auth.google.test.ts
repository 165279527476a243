/**
 * Google sign-in against a real OpenID provider (oidc-provider) configured as the issuer: the
 * test walks the provider's login and consent forms as a browser would and posts the code the
 * provider sends back to /auth, as the web page does.
 */
import { authMessages } from '@mocksmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps, cookieOf, PASSWORD } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createAuthRepository } from './auth.repository.ts';

const REDIRECT = 'http://mocksmith.test/auth';

let t: TestApp;
let sink: SmtpSink;
let oidc: TestOidcProvider;
let steps: ReturnType<typeof accountSteps>;
let counter = 0;
const address = (label: string) => `${label}-${++counter}@gmail.test`;

beforeAll(async () => {
  sink = await startSmtpSink();
  oidc = await startOidcProvider(REDIRECT);
  t = await buildTestApp({
    SMTP_URL: sink.url,
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
  });
  steps = accountSteps(t.app, sink);
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await sink?.close();
});

/** What the provider appended to /auth, and the cookie our server set when the flow started. */
interface ProviderAnswer {
  query: URLSearchParams;
  appCookie: string;
}

/**
 * Clicks the Google button and passes the provider's login (as `login`) and consent forms,
 * following redirects by hand with a cookie jar, until the provider sends the browser to /auth.
 */
async function signInAtProvider(login: string): Promise<ProviderAnswer> {
  const start = await t.app.inject({ method: 'GET', url: '/backend/auth/google' });
  expect(start.statusCode).toBe(302);
  const appCookie = cookieOf(start);
  const jar = new Map<string, string>();
  let request: { url: URL; form?: URLSearchParams } = {
    url: new URL(start.headers.location as string),
  };
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      body: request.form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      jar.set(name!, value ?? '');
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (`${next.origin}${next.pathname}` === REDIRECT)
        return { query: next.searchParams, appCookie };
      request = { url: next };
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`The provider answered ${response.status} without a form`);
    const form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
    request = { url: new URL(action.replaceAll('&amp;', '&'), request.url), form };
  }
  throw new Error('The provider never sent the browser back');
}

/** The /auth page's call with what the provider gave it. */
function postCallback({ query, appCookie }: ProviderAnswer) {
  return t.app.inject({
    method: 'POST',
    url: '/backend/auth/google/callback',
    payload: {
      code: query.get('code'),
      state: query.get('state') ?? undefined,
      iss: query.get('iss') ?? undefined,
    },
    headers: { cookie: appCookie },
  });
}

describe('Google sign-in', () => {
  it('offers Google and sends the button to the provider with the spec’s request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/backend/auth/providers' })).json()).toEqual({
      google: true,
    });
    const start = await t.app.inject({ method: 'GET', url: '/backend/auth/google' });
    const target = new URL(start.headers.location as string);
    expect(target.origin).toBe(oidc.issuer);
    expect(target.searchParams.get('response_type')).toBe('code');
    expect(target.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(target.searchParams.get('access_type')).toBe('offline');
    expect(target.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(cookieOf(start)).toMatch(/mocksmith\.state=/);
  });

  it('creates a Google account and signs it in; the same Google account signs in again', async () => {
    const email = address('gina');
    const answer = await signInAtProvider(email);
    expect(answer.query.get('code')).toBeTruthy();
    const res = await postCallback(answer);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toEqual({
      userId: expect.any(String),
      email,
      username: email.split('@')[0],
      isGoogle: true,
      isBanned: false,
      isAdmin: false,
      firstSignIn: true,
    });
    const me = await steps.me(cookieOf(res));
    expect(me.json()).toMatchObject({ userId: user.userId, isGoogle: true });

    const again = await postCallback(await signInAtProvider(email));
    expect(again.json()).toMatchObject({ userId: user.userId, firstSignIn: false });
  });

  it('refuses a replayed code and an answer without the browser’s state cookie', async () => {
    const answer = await signInAtProvider(address('replay'));
    expect((await postCallback(answer)).statusCode).toBe(200);
    const replayed = await postCallback(answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      code: 'GOOGLE_AUTH_FAILED',
      message: 'Google authentication failed',
    });

    const stolen = await signInAtProvider(address('stolen'));
    const elsewhere = await postCallback({ ...stolen, appCookie: '' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
  });

  it('gives a Google account no password to reset or change', async () => {
    const email = address('nopass');
    const res = await postCallback(await signInAtProvider(email));
    const cookie = cookieOf(res);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/backend/user/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().code).toBe('GOOGLE_ACCOUNT');
    expect(forgot.json().message).toMatch(/Google Sign-In/);

    const alternate = await t.app.inject({
      method: 'POST',
      url: '/api/user/request-password-reset',
      payload: { email },
    });
    expect(alternate.json()).toEqual({ message: authMessages.resetRequested });
    const notice = await sink.waitForMail(email, /uses Google Sign-In/);
    expect(notice.text).toContain('no password to reset');

    const change = await t.app.inject({
      method: 'PUT',
      url: '/backend/user/password',
      payload: { userId: res.json().userId, currentPassword: 'whatever', newPassword: PASSWORD },
      headers: { cookie },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({
      code: 'GOOGLE_ACCOUNT',
      message: 'Your account is managed by Google',
    });
  });

  it('links Google to a confirmed password account of the same address', async () => {
    const email = address('both');
    const { user } = await steps.signUp(email);
    const res = await postCallback(await signInAtProvider(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.userId, isGoogle: false });
  });

  it('keeps a banned Google account out', async () => {
    const email = address('banned');
    expect((await postCallback(await signInAtProvider(email))).statusCode).toBe(200);
    await createAuthRepository(t.database.db).setBanned(email, true);
    const res = await postCallback(await signInAtProvider(email));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_BANNED', message: authMessages.banned });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

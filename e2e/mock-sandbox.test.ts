/**
 * A mock API never acts as the app, played in Chromium as the attack was reported: a signed-in
 * attacker saves an API that answers HTML (`Content-Type: text/html`) with a script that reads
 * `/backend/user/me` and creates an API in the account of whoever opens the link; a signed-in
 * victim opens it. The script must not run as the app, neither when the mocks share the app's
 * origin (the sandbox every mock answer carries stops it) nor in the recommended setup with
 * MOCK_ORIGIN (the mock host holds nothing of the app). Each case also shows that the attack is
 * real: with the sandbox header stripped on the way, the same link does take over the account
 * when the mocks share the app's origin.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newAddress, PASSWORD, registerAndVerify, signIn, storedUser } from './accounts.ts';
import { type Browser, baseUrl, chromiumPath, mockOrigin, openBrowser } from './browser.ts';
import { linkIn, waitForMail } from './mail.ts';
import { type ProductionServer, startProductionServer } from './server.ts';

/** No double quote in it: the body is JSON, so a `"` would come out as `\"` and break it. */
const ATTACK = [
  '<script>',
  "document.title = 'ran';",
  "fetch('/backend/user/me').then(function (r) { return r.json(); })",
  '.then(function (me) {',
  "  return fetch('/backend/crud/user', {",
  "    method: 'POST',",
  "    headers: { 'content-type': 'application/json' },",
  "    body: JSON.stringify({ name: 'pwned ' + me.email, template: JSON.stringify({ a: 1 }) })",
  '  });',
  '})',
  ".then(function (r) { document.title = 'pwned ' + r.status; });",
  '</script>',
].join(' ');

const json = { 'content-type': 'application/json' };

/** Signs the attacker up over HTTP and saves the HTML API; returns its link and request id. */
async function attackerApi(base: string): Promise<{ link: string; requestId: string }> {
  const email = newAddress('attacker');
  const registered = await fetch(`${base}/backend/user/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, username: 'Mallory' }),
  });
  expect(registered.status).toBe(201);
  const link = linkIn(await waitForMail(email, /Confirm your e-mail address/), '/verify-email/');
  const token = link.pathname.slice('/verify-email/'.length);
  expect((await fetch(`${base}/backend/user/verify/${token}`)).status).toBe(200);
  const login = await fetch(`${base}/backend/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const save = (customHeaders: { name: string; value: string }[]) =>
    fetch(`${base}/backend/crud/user`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        name: 'Innocent page',
        template: JSON.stringify({ page: ATTACK }),
        customHeaders,
      }),
    });
  // Headers that act on the visitor's browser are refused outright.
  for (const name of ['Clear-Site-Data', 'Refresh', 'Set-Cookie', 'Content-Security-Policy']) {
    const refused = await save([{ name, value: '"*"' }]);
    expect(refused.status, name).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(
      `Header "${name}" cannot be set on a mock API`,
    );
  }
  const created = await save([{ name: 'Content-Type', value: 'text/html' }]);
  expect(created.status).toBe(201);
  return (await created.json()) as { link: string; requestId: string };
}

interface Victim extends Browser {
  userId: string;
}

/** A signed-in victim in a browser of their own, on the site at `base`. */
async function signedInVictim(base: string, name: string): Promise<Victim> {
  const browser = await openBrowser({ baseURL: base });
  const email = newAddress('victim');
  await registerAndVerify(browser.page, name, email);
  await signIn(browser.page, email);
  const user = await storedUser(browser.page);
  return { ...browser, userId: String(user?.userId) };
}

/** The names of the victim's APIs, asked with the victim's own session. */
async function victimApis(victim: Victim, base: string): Promise<string[]> {
  const res = await victim.context.request.get(`${base}/backend/crud/getall/${victim.userId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { name: string }[]).map((api) => api.name);
}

/** Opens a URL and waits until Chromium says it blocked the page's script (the sandbox). */
async function openBlocked(page: Page, url: string): Promise<void> {
  const blocked = page.waitForEvent('console', {
    predicate: (message) => /Blocked script execution .* sandboxed/.test(message.text()),
    timeout: 10_000,
  });
  await page.goto(url);
  await blocked;
}

/** Serves every answer of `url` without its Content-Security-Policy, as if none were sent. */
async function stripSandbox(page: Page, url: string): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers });
  });
}

describe.skipIf(!chromiumPath)('a mock answer written by an attacker', () => {
  describe('when the mocks share the app’s origin', () => {
    let server: ProductionServer;
    let victim: Victim;
    beforeAll(async () => {
      server = await startProductionServer({ SMTP_URL: inject('smtpUrl') });
      victim = await signedInVictim(server.baseUrl, 'Victor Victim');
    });
    afterAll(async () => {
      await victim?.close();
      await server?.close();
    });

    it('is shown, never run: the sandbox stops the script, and the account is untouched', async () => {
      const { link } = await attackerApi(server.baseUrl);
      expect(new URL(link).origin).toBe(server.baseUrl);
      const { page } = victim;
      await openBlocked(page, link);
      expect(await page.title()).toBe('');
      expect(await victimApis(victim, server.baseUrl)).toEqual([]);
    });

    it('would take the account over without the sandbox: the attack is real', async () => {
      const { link } = await attackerApi(server.baseUrl);
      const { page } = victim;
      await stripSandbox(page, link);
      try {
        await page.goto(link);
        await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('pwned 201');
      } finally {
        await page.unroute(link);
      }
      const names = await victimApis(victim, server.baseUrl);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^pwned victim-.*@example\.test$/);
    });
  });

  describe('with MOCK_ORIGIN, the recommended setup', () => {
    let victim: Victim;
    beforeAll(async () => {
      victim = await signedInVictim(baseUrl, 'Vera Victim');
    });
    afterAll(() => victim?.close());

    it('serves the link from the mock host, sandboxed, even when opened on the app host', async () => {
      const { link, requestId } = await attackerApi(baseUrl);
      expect(new URL(link).origin).toBe(mockOrigin);
      const { page } = victim;
      await openBlocked(page, `${baseUrl}/api/${requestId}`);
      expect(new URL(page.url()).origin).toBe(mockOrigin);
      expect(await page.title()).toBe('');
      expect(await victimApis(victim, baseUrl)).toEqual([]);
    });

    it('keeps the account out of reach even without the sandbox: the mock host has none of it', async () => {
      const { link } = await attackerApi(baseUrl);
      const { page } = victim;
      await stripSandbox(page, link);
      try {
        await page.goto(link);
        // The script runs on the mock host, where there is no session and no account call.
        await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('pwned 404');
      } finally {
        await page.unroute(link);
      }
      expect(await victimApis(victim, baseUrl)).toEqual([]);
    });
  });
});

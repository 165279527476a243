/**
 * An account whose budget of wrong passwords is spent: a new browser is refused with the reason,
 * the owner's laptop still signs in, and the link mailed to the owner lets the new browser in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectToast,
  fillLogin,
  newAddress,
  PASSWORD,
  registerAndVerify,
  userMenu,
} from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { linkIn, waitForMail } from './mail.ts';
import { type ProductionServer, startProductionServer } from './server.ts';

describe.skipIf(!chromiumPath)('a spent sign-in budget', () => {
  let server: ProductionServer;
  let laptop: Browser;
  let phone: Browser;
  beforeAll(async () => {
    server = await startProductionServer({
      SMTP_URL: inject('smtpUrl'),
      AUTH_ACCOUNT_FAILURE_LIMIT: '3',
    });
    laptop = await openBrowser({ baseURL: server.baseUrl });
    phone = await openBrowser({ baseURL: server.baseUrl });
  });
  afterAll(async () => {
    await laptop?.close();
    await phone?.close();
    await server?.close();
  });

  it('refuses a new browser, lets the owner’s laptop in, and the mailed link opens the new browser', async () => {
    const email = newAddress('budget');
    const { page } = laptop;
    await registerAndVerify(page, 'Bea Budget', email);
    await page.goto('/auth');
    await fillLogin(page, email);
    await page.waitForURL('**/dashboard');
    await userMenu(page, 'Logout');
    await page.waitForURL('**/auth');

    // Someone guesses: three wrong passwords, then the account refuses.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.baseUrl}/backend/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `guess-${i}-of-many` }),
      });
      expect(res.status).toBe(401);
    }

    // The owner on a new phone, with the right password: refused, told why.
    await phone.page.goto('/auth');
    await fillLogin(phone.page, email);
    await expectToast(phone.page, 'Too many failed sign-ins for this account.');

    // The laptop signed in before: it gets in.
    await page.goto('/auth');
    await fillLogin(page, email);
    await page.waitForURL('**/dashboard');

    // The mailed link makes the phone a known device.
    const mail = await waitForMail(email, /Sign in to Mocksmith from a new device/);
    await phone.page.goto(linkIn(mail, '/unlock-sign-in/').toString());
    await phone.page.getByText('This browser can sign in to your account again.').waitFor();
    await phone.page.getByRole('link', { name: 'Continue to Login' }).click();
    await fillLogin(phone.page, email, PASSWORD);
    await phone.page.waitForURL('**/dashboard');
  });
});

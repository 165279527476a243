/**
 * Google sign-in end to end: the browser clicks the Google button, passes the login and consent
 * pages of a real OpenID provider (oidc-provider, configured as GOOGLE_ISSUER), and comes back
 * to /dashboard signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, storedUser } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';

describe.skipIf(!chromiumPath)('Google sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('signs in through the provider and shows a Google-managed account', async () => {
    const { page } = browser;
    const email = newAddress('gina');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();

    // The provider's own pages: its login form, then its consent form.
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page
      .locator('button[type="submit"]')
      .filter({ hasText: /continue/i })
      .click();

    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Login successful!');
    const user = await storedUser(page);
    expect(user).toMatchObject({ email, isGoogle: true, isBanned: false });
    // The code left the address bar on the way.
    expect(page.url()).not.toContain('code=');

    await page.goto('/account');
    await page.getByText('Your account is managed by Google').waitFor();
    expect(await page.getByLabel('Current Password').count()).toBe(0);
  });

  it('says so when the provider answers with an error', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth?error=access_denied&state=x');
    await expectToast(page, 'Google authentication failed');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  });
});

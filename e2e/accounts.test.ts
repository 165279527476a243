/**
 * Accounts as a person uses them: sign up, confirm from the mail, sign in, sign out, forget and
 * reset a password, change it, delete the account, and be kept out once banned. The mails come
 * from a real SMTP sink; bans from `npm run admin`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  expectToast,
  fillLogin,
  fillRegister,
  newAddress,
  PASSWORD,
  registerAndVerify,
  signIn,
  storedUser,
  userMenu,
} from './accounts.ts';
import { type Browser, baseUrl, chromiumPath, openBrowser } from './browser.ts';
import { linkIn, waitForMail } from './mail.ts';

const BANNED_TEXT =
  'Your account has been banned due to a violation of our terms of service. Please contact our support team for more information about this decision.';

describe.skipIf(!chromiumPath)('accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    // Each test starts signed out, with empty storage.
    await browser.context.clearCookies();
    await browser.page.goto('/404-reset');
    await browser.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });

  it('registers, confirms from the mail, signs in, reaches the dashboard and signs out', async () => {
    const { page } = browser;
    const email = newAddress('ada');
    await fillRegister(page, { name: 'Ada Lovelace', email });
    await expectToast(page, 'Registration successful! Please check your email.');
    // A successful registration goes back to the Login tab, the address kept.
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.waitFor();
    expect(await login.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

    // Not confirmed yet: refused, with a message that says so.
    await fillLogin(page, email);
    await expectToast(page, 'Please verify your email address before signing in.');
    expect(page.url()).toBe(`${baseUrl}/auth`);

    const mail = await waitForMail(email, /Confirm your e-mail address/);
    const link = linkIn(mail, '/verify-email/');
    expect(link.origin).toBe(baseUrl);
    await page.goto(link.toString());
    await page
      .getByText('Verifying your email address...')
      .or(page.getByText('Email verified'))
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.waitForURL('**/auth');

    await fillLogin(page, email, PASSWORD, { rememberMe: true });
    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Login successful!');
    // The first sign-in is welcomed; the later ones are welcomed back (after the logout below).
    await page.getByRole('heading', { name: 'Welcome, Ada Lovelace!' }).waitFor();
    const user = await storedUser(page);
    expect(user).toMatchObject({
      email,
      username: 'Ada Lovelace',
      isGoogle: false,
      isBanned: false,
    });
    expect(user?.userId).toEqual(expect.any(String));

    // The session cookie: httpOnly, SameSite=Lax, long-lived with Remember me.
    const session = (await browser.context.cookies()).find((c) => c.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(session!.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);

    // The link works once.
    await page.goto(link.toString());
    await page
      .getByText('Verification failed: The verification link appears to be invalid or has expired.')
      .waitFor();
    await page.getByRole('link', { name: 'Back to Login' }).waitFor();

    await page.goto('/dashboard');
    await userMenu(page, 'Logout');
    await page.waitForURL('**/auth');
    expect(await storedUser(page)).toBeNull();
    // The server ended the session: the guard sends /dashboard back to /auth.
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');

    await fillLogin(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Ada Lovelace!' }).waitFor();
  });

  it('checks the forms before calling, and shows Loading... while signing in', async () => {
    const { page } = browser;
    await fillRegister(page, { name: ' ', email: newAddress('x'), confirm: 'something-else' });
    const register = page.getByRole('tabpanel', { name: 'Register' });
    await register.getByText('Name is required').waitFor();
    await register.getByLabel('Name', { exact: true }).fill('Bea');
    await register.getByRole('button', { name: 'Create account' }).click();
    await register.getByText("Passwords don't match!").waitFor();

    // Show / hide the password.
    const password = register.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await register.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await register.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('tab', { name: 'Login' }).click();
    // Hold the login answer back a moment to see the busy button.
    await page.route('**/backend/user/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await fillLogin(page, newAddress('nobody'), 'wrong-password-1');
    const busy = page.getByRole('button', { name: 'Loading...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await expectToast(page, 'Login failed. Please check your credentials.');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.unroute('**/backend/user/login');
  });

  it('guards the dashboard and the account page, and redirects a signed-in user from / and /auth', async () => {
    const { page } = browser;
    const email = newAddress('cy');
    await registerAndVerify(page, 'Cy', email);
    await page.goto('/account');
    await page.waitForURL('**/auth');
    // Signing in returns to the page the guard sent the visitor from.
    await fillLogin(page, email);
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();

    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');

    // The sidebar's collapsed state lasts for the session.
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sidebarCollapsed'))).toBe('true');
    await sidebar.getByRole('link', { name: 'APIs' }).click();
    await page.waitForURL('**/dashboard/api');

    // The user menu: Account, and Dark Mode on the page root.
    await userMenu(page, 'Account');
    await page.waitForURL('**/account');
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    await userMenu(page, 'Dark Mode');
    expect(await dark()).toBe(!before);

    // A session that ends on the server: the next protected call says so and goes to /auth.
    await browser.context.clearCookies();
    await page.goto('/dashboard');
    await expectToast(page, 'Session expired');
    await page.waitForURL('**/auth');
    expect(await storedUser(page)).toBeNull();
  });

  it('resets a forgotten password from the mailed link', async () => {
    const { page } = browser;
    const email = newAddress('dee');
    await registerAndVerify(page, 'Dee', email);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent =
      'If an account exists with this email, you will receive password reset instructions.';
    await page.getByRole('status').filter({ hasText: sent }).waitFor();

    const mail = await waitForMail(email, /Reset your Mocksmith password/);
    await page.goto(linkIn(mail, '/reset-password/').toString());
    await page.getByLabel('New Password', { exact: true }).fill('a-new-password-2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('a-new-password-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText("Passwords don't match!").waitFor();
    await page.getByLabel('Confirm Password', { exact: true }).fill('a-new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password successfully reset.');
    // On to /auth after 2 s.
    await page.waitForURL('**/auth', { timeout: 5000 });

    await fillLogin(page, email, PASSWORD);
    await expectToast(page, 'Login failed. Please check your credentials.');
    await fillLogin(page, email, 'a-new-password-2');
    await page.waitForURL('**/dashboard');

    // The alternate screen answers its own text.
    await userMenu(page, 'Logout');
    await page.waitForURL('**/auth');
    await page.goto('/request-reset');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Reset instructions have been sent to your email.' })
      .waitFor();
  });

  it('changes the password on the account page', async () => {
    const { page } = browser;
    const email = newAddress('eve');
    await registerAndVerify(page, 'Eve', email);
    await signIn(page, email);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Password Management' });
    const current = card.getByLabel('Current Password', { exact: true });
    const next = card.getByLabel('New Password', { exact: true });
    const confirm = card.getByLabel('Confirm New Password', { exact: true });
    const update = card.getByRole('button', { name: 'Update Password' });

    await current.fill(PASSWORD);
    await next.fill('changed-password-1');
    await confirm.fill('changed-password-2');
    await update.click();
    await card.getByText('New passwords do not match').waitFor();

    await current.fill('not-my-password');
    await confirm.fill('changed-password-1');
    await update.click();
    await expectToast(page, 'Failed to update password');
    await card.getByText('Current password is incorrect').waitFor();

    await current.fill(PASSWORD);
    await update.click();
    await expectToast(page, 'Password updated successfully');
    await expect.poll(() => current.inputValue()).toBe('');
    expect(await next.inputValue()).toBe('');
    expect(await confirm.inputValue()).toBe('');

    await userMenu(page, 'Logout');
    await page.waitForURL('**/auth');
    await fillLogin(page, email, 'changed-password-1');
    await page.waitForURL('**/dashboard');
  });

  it('deletes the account and everything in it, and lands on /', async () => {
    const { page } = browser;
    const email = newAddress('fay');
    await registerAndVerify(page, 'Fay', email);
    await signIn(page, email);
    await page.evaluate(() => localStorage.setItem('quickStartPanelDismissed', 'true'));
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Account Management' });
    await card.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText(
        'Are you sure you want to delete your account? This action cannot be undone and will permanently delete all your data.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.goto('/auth');
    await fillLogin(page, email);
    await expectToast(page, 'Login failed. Please check your credentials.');
  });

  it('keeps a banned account out: the banned dialog at login, and its open session ends', async () => {
    const { page } = browser;
    const email = newAddress('gil');
    await registerAndVerify(page, 'Gil', email);
    await signIn(page, email);

    await admin('ban', email);
    // The ban keeps the session, so the dashboard's check is told the account is suspended.
    await page.goto('/dashboard');
    await expectToast(
      page,
      'Your account has been suspended. Please contact support for more information.',
    );
    await page.waitForURL('**/auth');
    expect(await storedUser(page)).toBeNull();

    await fillLogin(page, email);
    const dialog = page.getByRole('alertdialog', { name: 'Account Banned' });
    await dialog.getByText(BANNED_TEXT).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/auth`);

    await admin('unban', email);
    await fillLogin(page, email);
    await page.waitForURL('**/dashboard');
  });
});

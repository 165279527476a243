/** Account steps of the browser tests, done in the page as a person would. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { root } from '../scripts/build-if-stale.mjs';
import { linkIn, waitForMail } from './mail.ts';

export const PASSWORD = 'correct-horse-battery';

let counter = 0;
/** A new address for each account a test makes. */
export function newAddress(label: string): string {
  return `${label}-${Date.now().toString(36)}-${++counter}@example.test`;
}

/**
 * The toast with exactly this text appears. When it does not, the error says what the page
 * showed instead (its address, the toasts and the form errors), so that a failure in CI can be
 * read without the browser.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
  } catch (error) {
    const shown = await page
      .evaluate(() => ({
        toasts: [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent),
        errors: [...document.querySelectorAll('[role="alert"], [aria-invalid="true"]')].map(
          (e) => e.textContent || `${e.getAttribute('name') ?? e.tagName} (invalid)`,
        ),
      }))
      .catch((reason: unknown) => String(reason));
    throw new Error(
      `No toast "${text}" at ${page.url()}; the page showed ${JSON.stringify(shown)}`,
      { cause: error },
    );
  }
}

/** The user the page keeps under the local-storage key `user`, or null. */
export async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate(() => localStorage.getItem('user'));
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

/** Fills and sends the Register tab of /auth. */
export async function fillRegister(
  page: Page,
  {
    name,
    email,
    password = PASSWORD,
    confirm = password,
  }: {
    name: string;
    email: string;
    password?: string;
    confirm?: string;
  },
): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Register' });
  await panel.getByLabel('Name', { exact: true }).fill(name);
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByLabel('Confirm Password', { exact: true }).fill(confirm);
  await panel.getByRole('button', { name: 'Create account' }).click();
}

/** Registers, opens the link of the mail received, and confirms the address. */
export async function registerAndVerify(page: Page, name: string, email: string): Promise<void> {
  await fillRegister(page, { name, email });
  await expectToast(page, 'Registration successful! Please check your email.');
  const mail = await waitForMail(email, /Confirm your e-mail address/);
  await page.goto(linkIn(mail, '/verify-email/').toString());
  await page.getByRole('link', { name: 'Continue to Login' }).waitFor();
}

/** Fills and sends the Login tab of /auth (the page must be on /auth). */
export async function fillLogin(
  page: Page,
  email: string,
  password = PASSWORD,
  { rememberMe = false } = {},
): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await panel.getByLabel('Remember me').check();
  await panel.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /auth and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth');
  await fillLogin(page, email, password);
  await page.waitForURL('**/dashboard');
}

/** Opens the header's user menu and picks an item. */
export async function userMenu(page: Page, item: 'Account' | 'Dark Mode' | 'Logout') {
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page
    .getByRole('menuitem', { name: item })
    .or(page.getByRole('menuitemcheckbox', { name: item }))
    .click();
}

const run = promisify(execFile);

/** `npm run admin -- COMMAND ARGUMENT` beside the running server, on its database. */
export async function admin(
  command: 'ban' | 'unban' | 'grant-admin' | 'revoke-admin' | 'unpublish',
  argument: string,
): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', command, argument],
    { cwd: root, env: { ...process.env, ...inject('serverEnv') } },
  );
  if (command === 'ban' || command === 'unban') {
    expect(stdout).toMatch(command === 'ban' ? /banned/i : /unbanned/i);
  }
  return stdout;
}

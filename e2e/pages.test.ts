/**
 * Every page a link can reach shows something, with a title of its own, and the landing page's
 * smaller flows work as a visitor would use them.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, registerAndVerify, signIn, userMenu } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';

const ROUTES = [
  '/examples',
  '/get-started',
  '/roadmap',
  '/auth',
  '/forgot-password',
  '/request-reset',
  '/reset-password/some-token',
  '/verify-email/some-token',
  '/privacy',
  '/terms',
];

/** The pages behind the login guard. */
const GUARDED_ROUTES = [
  '/dashboard',
  '/dashboard/api',
  '/dashboard/templates-gallery',
  '/dashboard/openapi',
  '/dashboard/postman-export',
  '/dashboard/documentation',
  '/account',
];

/** Each route has an h1 and some text; answers the set of their titles. */
async function visit(page: Page, routes: string[]): Promise<Set<string>> {
  const titles = new Set<string>();
  for (const route of routes) {
    await page.goto(route);
    await page.waitForURL(`**${route}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect((await heading.textContent())?.trim(), route).not.toBe('');
    expect((await page.locator('main').textContent())?.length ?? 0, route).toBeGreaterThan(40);
    titles.add(await page.title());
  }
  return titles;
}

describe.skipIf(!chromiumPath)('the public site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('gives every route a heading, some text and a title of its own', async () => {
    const { page } = browser;
    const titles = await visit(page, ROUTES);
    expect(titles.size).toBe(ROUTES.length);

    // The guarded pages too, once signed in; none shares a title with a public page. In a
    // browser of its own: the tests below are a visitor's, whatever happens here.
    const member = await openBrowser();
    try {
      const email = newAddress('pages');
      await registerAndVerify(member.page, 'Page Visitor', email);
      await signIn(member.page, email);
      for (const title of await visit(member.page, GUARDED_ROUTES)) titles.add(title);
      expect(titles.size).toBe(ROUTES.length + GUARDED_ROUTES.length);
      await userMenu(member.page, 'Logout');
      await member.page.waitForURL('**/auth');
    } finally {
      await member.close();
    }
  });

  it('names new fields by type and through the Add New Field dialog', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('button', { name: 'Add string field' }).click();
    await page.getByRole('button', { name: 'Add string field' }).click();
    await page.getByRole('button', { name: 'Add New Field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Field' });
    const add = dialog.getByRole('button', { name: 'Add Field' });
    await dialog.getByRole('textbox', { name: 'Field name' }).fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Field name' }).fill('score');
    await dialog.getByRole('combobox', { name: 'Field type' }).selectOption('number');
    await add.click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' }).locator('pre');
    await expect.poll(() => preview.textContent()).toMatch(/"score"/);
    const body = JSON.parse((await preview.textContent()) ?? '');
    expect(Object.keys(body)).toEqual([
      'name',
      'age',
      'email',
      'id',
      'newString1',
      'newString2',
      'score',
    ]);
    expect(typeof body.score).toBe('number');
  });

  it('copies the new API’s link and confirms it', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    const success = page.getByRole('region', { name: 'Your API is live' });
    await success.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => success.getByText('Copied to clipboard!').count()).toBe(1);
    const link = await success.locator('code').textContent();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  it('scrolls to the editor with Try it out, and hides the button once scrolled', async () => {
    // A new tab: the router restores a reloaded page's scroll position from the tab's session.
    const page = await browser.context.newPage();
    await page.goto('/');
    const tryIt = page.getByRole('button', { name: 'Try it out' });
    await tryIt.click();
    // The smooth scroll ends (scrollY holds still for 200 ms) below 100 px: a scroll made while it
    // runs does not stop it, and the test's own scroll back would land wherever it had got to.
    const settledAt = () =>
      page.evaluate(
        () =>
          new Promise<number | null>((resolve) => {
            const y = window.scrollY;
            setTimeout(() => resolve(window.scrollY === y ? y : null), 200);
          }),
      );
    await expect.poll(settledAt, { timeout: 10_000 }).toBeGreaterThanOrEqual(100);
    await expect.poll(() => tryIt.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => tryIt.count()).toBe(1);
    await page.close();
  });

  it('fits a 375 px wide phone without sideways scrolling', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

/**
 * The admin page as an administrator uses it, and what the gallery offers around it: the sidebar's
 * 'Admin' link follows the server (an account made administrator while signed in sees it at the
 * next load of the dashboard), no page's footer offers sign-in to a signed-in person, a template
 * is not offered for report to its author nor when official, and Unpublish, Ban and Disable API
 * each ask before they act.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { findInGallery } from './gallery.ts';

/** A call of the site from the page, with its session, as the app makes it. */
async function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/** Shares an API of the signed-in page's user in the gallery; answers its id. */
async function share(page: Page, name: string, tag: string): Promise<string> {
  const created = await call(page, 'POST', '/backend/crud/user', {
    name,
    template: '{"id": "uuid"}',
    requestEnum: 'GET',
    isPublic: true,
    category: 'other',
    description: 'A template shared for the admin tests',
    tags: [tag],
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe.skipIf(!chromiumPath)('the admin page', () => {
  const browsers: Browser[] = [];
  async function person(name: string, label: string) {
    const browser = await openBrowser();
    browsers.push(browser);
    const email = newAddress(label);
    await registerAndVerify(browser.page, name, email);
    await signIn(browser.page, email);
    return { page: browser.page, email };
  }
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
  });

  it("shows the sidebar's Admin link at the next load of the dashboard once the account is made administrator", async () => {
    const { page, email } = await person('Gil Granted', 'granted');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Templates Gallery' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    // The next page of the dashboard, opened from the sidebar, shows it; a reload too.
    await admin('grant-admin', email);
    await sidebar.getByRole('link', { name: 'APIs' }).click();
    await page.waitForURL('**/dashboard/api');
    await sidebar.getByRole('link', { name: 'Admin' }).waitFor({ timeout: 10_000 });
    await page.goto('/dashboard');
    await sidebar.getByRole('link', { name: 'Admin' }).waitFor({ timeout: 10_000 });

    await admin('revoke-admin', email);
    await page.goto('/dashboard');
    await sidebar.getByRole('link', { name: 'Templates Gallery' }).waitFor();
    await expect
      .poll(() => sidebar.getByRole('link', { name: 'Admin' }).count(), { timeout: 10_000 })
      .toBe(0);
  });

  it('offers no sign-in in the footer of any public page to a signed-in administrator', async () => {
    const { page, email } = await person('Fay Footer', 'footer');
    await admin('grant-admin', email);
    for (const path of ['/admin', '/examples', '/get-started', '/roadmap', '/privacy', '/terms']) {
      await page.goto(path);
      const footer = page.locator('footer');
      await footer.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await footer.getByRole('link', { name: 'Sign Up / Login' }).count(), path).toBe(0);
    }
  });

  it('offers Report on neither one’s own nor an official template', async () => {
    const { page } = await person('Otto Own', 'own');
    const tag = `own-${Date.now().toString(36)}`;
    const name = `Own widget ${tag}`;
    await share(page, name, tag);
    await findInGallery(page, tag);
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: 'Use Template' }).waitFor();
    expect(await card.getByRole('button', { name: 'Report' }).count()).toBe(0);

    await page.goto('/dashboard/templates-gallery?sort=official');
    const official = page.getByRole('article').filter({ hasText: 'Official' }).first();
    await official.getByRole('button', { name: 'Use Template' }).waitFor();
    expect(await official.getByRole('button', { name: 'Report' }).count()).toBe(0);
  });

  it('asks before Unpublish, Ban and Disable API, and Disable API has its reverse', async () => {
    const author = await person('Ann Author', 'reported');
    const tag = `reported-${Date.now().toString(36)}`;
    const name = `Reported widget ${tag}`;
    const id = await share(author.page, name, tag);
    const reporter = await person('Rex Reporter', 'reporter');
    const reported = await call(reporter.page, 'POST', `/backend/templates-gallery/${id}/report`, {
      reason: 'other',
      note: 'looks wrong',
    });
    expect(reported.status).toBe(201);
    const moderator = await person('Mia Moderator', 'moderator');
    await admin('grant-admin', moderator.email);
    const page = moderator.page;
    await page.goto('/admin');
    const card = page.getByRole('article', { name });
    await card.waitFor();

    // Unpublish: the dialog first; Cancel changes nothing.
    await card.getByRole('button', { name: 'Unpublish' }).click();
    const unpublish = page.getByRole('alertdialog', { name: 'Unpublish this template?' });
    await unpublish.waitFor();
    await unpublish.getByRole('button', { name: 'Cancel' }).click();
    await unpublish.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);

    // Ban author: the dialog first; Cancel changes nothing.
    await card.getByRole('button', { name: 'Ban author' }).click();
    const ban = page.getByRole('alertdialog', { name: 'Ban this account?' });
    await ban.getByRole('button', { name: 'Cancel' }).click();
    await ban.waitFor({ state: 'detached' });

    // Disable API, confirmed: the mock URL refuses, and the card offers Enable API.
    await card.getByRole('button', { name: 'Disable API' }).click();
    const disable = page.getByRole('alertdialog', { name: 'Disable this API?' });
    await disable.getByRole('button', { name: 'Disable API' }).click();
    await expectToast(page, 'API disabled');
    await card.getByRole('button', { name: 'Enable API' }).click();
    const enable = page.getByRole('alertdialog', { name: 'Enable this API?' });
    await enable.getByRole('button', { name: 'Enable API' }).click();
    await expectToast(page, 'API enabled');
    await card.getByRole('button', { name: 'Disable API' }).waitFor();

    // Unpublish, confirmed: the report leaves the queue.
    await card.getByRole('button', { name: 'Unpublish' }).click();
    await unpublish.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(page, 'Template unpublished');
    await card.waitFor({ state: 'detached' });
  });
});
